import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-stage-formats';
import * as m0003 from './0003-match-workflow';
import * as m0004 from './0004-circuits';
import * as m0005 from './0005-anti-cheat';
import * as m0006 from './0006-webhooks';
import * as m0007 from './0007-staff-profiles-notifications';
import * as m0008 from './0008-registration-schedule';
import * as m0009 from './0009-invitation-tokens-out-of-notifications';

/** Every migration, by name, in order (a static record, so bundlers and tests see them all). */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-stage-formats': m0002,
  '0003-match-workflow': m0003,
  '0004-circuits': m0004,
  '0005-anti-cheat': m0005,
  '0006-webhooks': m0006,
  '0007-staff-profiles-notifications': m0007,
  '0008-registration-schedule': m0008,
  '0009-invitation-tokens-out-of-notifications': m0009,
};
