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
import * as m0010 from './0010-players-discovery';
import * as m0011 from './0011-match-games-deciders';
import * as m0012 from './0012-group-draw-and-names';
import * as m0013 from './0013-shared-state-rate-limits-evidence';
import * as m0014 from './0014-tournament-live-stream';
import * as m0015 from './0015-participant-ratings';
import * as m0016 from './0016-tournament-live-counter';
import * as m0017 from './0017-player-lookup-indexes';
import * as m0018 from './0018-circuit-points-bigint';
import * as m0019 from './0019-webhook-older-secrets';
import * as m0020 from './0020-account-deletion-indexes';
import * as m0021 from './0021-circuit-guest-competitors';
import * as m0022 from './0022-anti-cheat-review';
import * as m0023 from './0023-history-actor-of-deleted-accounts';
import * as m0024 from './0024-refresh-token-families';
import * as m0025 from './0025-canonical-time-zones';
import * as m0026 from './0026-tournament-waitlist';

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
  '0010-players-discovery': m0010,
  '0011-match-games-deciders': m0011,
  '0012-group-draw-and-names': m0012,
  '0013-shared-state-rate-limits-evidence': m0013,
  '0014-tournament-live-stream': m0014,
  '0015-participant-ratings': m0015,
  '0016-tournament-live-counter': m0016,
  '0017-player-lookup-indexes': m0017,
  '0018-circuit-points-bigint': m0018,
  '0019-webhook-older-secrets': m0019,
  '0020-account-deletion-indexes': m0020,
  '0021-circuit-guest-competitors': m0021,
  '0022-anti-cheat-review': m0022,
  '0023-history-actor-of-deleted-accounts': m0023,
  '0024-refresh-token-families': m0024,
  '0025-canonical-time-zones': m0025,
  '0026-tournament-waitlist': m0026,
};
