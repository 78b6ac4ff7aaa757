/**
 * The fixed runs of the randomized workflow test: each a seed (for the random actions) and a tournament plan, so that
 * together they cover every stage format and the settings the workflow treats differently (play-offs, grand finals,
 * skipped first rounds, stopping at the qualifiers, esports Swiss, best-of series, several stages, teams, a full
 * tournament, withdrawals before the start and a start refused for want of entrants). Every seed from 1 to 60 passes
 * with every plan; among them these were picked because most of them (13 of the 20) broke the server before the fixes
 * of what they check: a disqualified, withdrawn or ELIMINATED champion (R7.16), a place held twice after a correction
 * that kept the next stage (R8.18), the start of a plan too small for its entrants (R7.14). A seed's run changes with
 * the actions and their weights (actions.ts) and with the plan: pick the seeds again after changing either.
 */

/** A stage as sent in TournamentCreate. */
export interface StagePlan {
  name: string;
  format: 'SINGLE_ELIMINATION' | 'DOUBLE_ELIMINATION' | 'ROUND_ROBIN' | 'SWISS' | 'GROUPS' | 'STEPLADDER';
  settings?: Record<string, unknown>;
}

/** One run: a seed and the tournament it plays. */
export interface WorkflowCase {
  seed: number;
  /** Entries registered (players, or teams of `teamSize`). */
  entries: number;
  /** Team size (absent: solo players). */
  teamSize?: number;
  /** maxParticipants (default: entries); fewer places than entries makes the last registrations 409 TOURNAMENT_FULL. */
  maxParticipants?: number;
  /** Entries withdrawn by their players before the start (chosen at random). */
  withdrawBefore?: number;
  stages: StagePlan[];
  /** Random actions after the start (the run then plays what is left to the end). */
  steps: number;
  /** The start is refused with this error code (409), nothing else happens. */
  startRefused?: 'NOT_ENOUGH_PARTICIPANTS';
}

const SE = 'SINGLE_ELIMINATION' as const;
const DE = 'DOUBLE_ELIMINATION' as const;
const RR = 'ROUND_ROBIN' as const;

export const CASES: readonly WorkflowCase[] = [
  { seed: 21, entries: 7, stages: [{ name: 'Cup', format: SE }], steps: 30 },
  { seed: 16, entries: 8, stages: [{ name: 'Cup', format: SE, settings: { consolation: 'THIRD_PLACE' } }], steps: 35 },
  { seed: 54, entries: 8, withdrawBefore: 1, stages: [{ name: 'Cup', format: SE, settings: { consolation: 'FULL', bestOf: 3 } }], steps: 45 },
  {
    seed: 12,
    entries: 5,
    stages: [
      { name: 'Qualifier', format: SE, settings: { stopAtQualifiers: true, advanceCount: 4 } },
      { name: 'Playoffs', format: SE, settings: { thirdPlaceMatch: true } },
    ],
    steps: 25,
  },
  { seed: 7, entries: 6, stages: [{ name: 'Double', format: DE, settings: { grandFinal: 'none' } }], steps: 35 },
  { seed: 6, entries: 7, stages: [{ name: 'Double', format: DE, settings: { grandFinal: 'simple', skipFirstRound: true } }], steps: 40 },
  { seed: 11, entries: 5, stages: [{ name: 'Double', format: DE, settings: { grandFinal: 'double', bestOf: 3 } }], steps: 35 },
  {
    seed: 45,
    entries: 9,
    stages: [
      { name: 'Double qualifier', format: DE, settings: { stopAtQualifiers: true, advanceCount: 4 } },
      { name: 'Final four', format: SE },
    ],
    steps: 50,
  },
  {
    seed: 3,
    entries: 6,
    stages: [
      { name: 'Double qualifier', format: DE, settings: { stopAtQualifiers: true, advanceCount: 2, skipFirstRound: true } },
      { name: 'Final', format: DE, settings: { grandFinal: 'double' } },
    ],
    steps: 35,
  },
  { seed: 29, entries: 5, stages: [{ name: 'League', format: RR, settings: { pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0 } }], steps: 35 },
  { seed: 9, entries: 4, stages: [{ name: 'League', format: RR, settings: { roundRobinCycles: 2 } }], steps: 40 },
  { seed: 42, entries: 7, stages: [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3 } }], steps: 30 },
  {
    seed: 41,
    entries: 8,
    stages: [
      { name: 'Swiss', format: 'SWISS', settings: { swissWinsToAdvance: 2, swissLossesToEliminate: 2, advanceCount: 4 } },
      { name: 'Playoffs', format: SE, settings: { consolation: 'THIRD_PLACE' } },
    ],
    steps: 45,
  },
  {
    seed: 36,
    entries: 8,
    stages: [
      { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2, qualifiersPerGroup: 2 } },
      { name: 'Playoffs', format: SE, settings: { thirdPlaceMatch: true } },
    ],
    steps: 50,
  },
  { seed: 18, entries: 6, stages: [{ name: 'Ladder', format: 'STEPLADDER' }], steps: 20 },
  { seed: 44, entries: 16, stages: [{ name: 'Double', format: DE, settings: { grandFinal: 'double', seedOrdering: 'reverse' } }], steps: 90 },
  {
    seed: 31,
    entries: 10,
    withdrawBefore: 1,
    stages: [
      { name: 'Swiss', format: 'SWISS', settings: { swissRounds: 2, advanceCount: 6, swissPairingOrder: 'SEED' } },
      { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2, qualifiersPerGroup: 2 } },
      { name: 'Ladder', format: 'STEPLADDER', settings: { bestOf: 3 } },
    ],
    steps: 55,
  },
  {
    seed: 8,
    entries: 6,
    teamSize: 2,
    stages: [
      { name: 'League', format: RR, settings: { advanceCount: 4 } },
      { name: 'Playoffs', format: SE, settings: { bestOf: 3 } },
    ],
    steps: 60,
  },
  {
    seed: 5,
    entries: 7,
    maxParticipants: 6,
    stages: [
      { name: 'League', format: RR, settings: { advanceCount: 5 } },
      { name: 'Cut', format: SE, settings: { stopAtQualifiers: true, advanceCount: 4 } },
      { name: 'Final', format: DE, settings: { grandFinal: 'double' } },
    ],
    steps: 70,
  },
  {
    seed: 19,
    entries: 5,
    maxParticipants: 5,
    withdrawBefore: 1,
    stages: [
      { name: 'Groups', format: 'GROUPS', settings: { qualifiersPerGroup: 1 } },
      { name: 'Final', format: SE },
    ],
    steps: 0,
    startRefused: 'NOT_ENOUGH_PARTICIPANTS',
  },
];

const SHORT: Record<StagePlan['format'], string> = {
  SINGLE_ELIMINATION: 'single elimination',
  DOUBLE_ELIMINATION: 'double elimination',
  ROUND_ROBIN: 'round robin',
  SWISS: 'Swiss',
  GROUPS: 'groups',
  STEPLADDER: 'stepladder',
};

/** "seed 4: 5 players, single elimination {stopAtQualifiers,advanceCount:4} > single elimination {...}". */
export function caseName(c: WorkflowCase): string {
  const who = c.teamSize ? `${c.entries} teams of ${c.teamSize}` : `${c.entries} players`;
  const extra = [
    c.maxParticipants !== undefined && c.maxParticipants < c.entries ? `${c.maxParticipants} places` : null,
    c.withdrawBefore ? `${c.withdrawBefore} withdrawn before the start` : null,
  ].filter(Boolean);
  const stages = c.stages
    .map((s) => {
      const settings = Object.entries(s.settings ?? {}).map(([k, v]) => `${k}:${String(v)}`);
      return settings.length ? `${SHORT[s.format]} {${settings.join(',')}}` : SHORT[s.format];
    })
    .join(' > ');
  return `seed ${c.seed}: ${[who, ...extra].join(', ')}; ${stages}`;
}
