/**
 * A randomized, seeded test of the whole match workflow over HTTP (R8.1 to R8.19, R6.6 to R6.9, R7.1 to R7.21,
 * R5.12): each case opens a tournament of a fixed plan, then a seeded random source plays it as players and an
 * organizer would, mistakes included (reports that lie or that the rules refuse, disputes, resolutions, corrections
 * with and without cascade, disqualifications, withdrawals, reschedules), and every invariant of the tournament is
 * checked after every step (workflow-random/invariants.ts); what is left is then played until the tournament is
 * COMPLETED, which it must always become. The cases (workflow-random/cases.ts) cover every stage format and the
 * settings the workflow treats differently. A failure names the seed, the step, what broke and the steps before it;
 * the seed replays exactly (no clock, no parallel requests).
 */
import { describe, expect } from 'vitest';
import { it, test } from './helpers/index';
import { CASES, caseName } from './workflow-random/cases';
import { playersNeeded, runCase } from './workflow-random/runner';

test.scoped({ playerCount: Math.max(...CASES.map(playersNeeded)) });

describe('the match workflow under seeded random play', () => {
  it.for(CASES.map((c) => ({ ...c, title: caseName(c) })))(
    '$title: every invariant holds after each step, and the tournament completes',
    async (c, { server, tenant, players }) => {
      const summary = await runCase(server, tenant, players, c);
      expect(summary.status).toBe(c.startRefused ? 'REGISTRATION_OPEN' : 'COMPLETED');
    },
  );
});
