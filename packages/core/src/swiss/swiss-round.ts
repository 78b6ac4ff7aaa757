import { DomainError } from '../errors/domain-error';
import { parseStageMatchKey, swissByeKey, swissMatchKey } from '../formats/stage-match-key';
import type { Entrant, GeneratedMatch, MatchSlot } from '../formats/types';
import { validateEntrants } from '../formats/validate-entrants';
import { byeTiebreakRuleSetting, pointsSystem, swissPairingOrderSetting, resolveTiebreaks, settingsObject, type StageSettings } from '../stages/stage-settings';
import { rankRecords } from '../standings/rank';
import { tally, type ParticipantRecord } from '../standings/tally';
import type { StageMatchResult } from '../standings/types';
import { swissFormat, type SwissFormat } from './swiss-format';
import { pairSwissRound, type SwissPairing } from './swiss-pairing';

/** Fewest entrants of a Swiss stage. */
export const SWISS_MIN_ENTRANTS = 2;
/** Most entrants of a Swiss stage. */
export const SWISS_MAX_ENTRANTS = 65536;

/** Options of the Swiss round functions. */
export interface SwissRoundOptions {
  /** Participants no longer paired (disqualified or withdrawn mid-stage): they get no match and no bye. */
  withdrawn?: readonly string[];
}

/** One generated Swiss round. */
export interface SwissRound {
  round: number;
  /** Matches in board order, keys "S-r{round}-n{number}", bracket SWISS, both participants known. */
  matches: GeneratedMatch[];
  /** The bye of the round (a free win worth pointsForWin, not a match to play); report it back as a result with key `key`, participants [id, null], winnerId id. */
  bye: { key: string; participantId: string } | null;
  /** Rematches and repeated byes this round could not avoid (normally 0 / false), and how it was paired. */
  rematches: number;
  repeatedBye: boolean;
  method: SwissPairing['method'];
}

/** Where a Swiss stage stands. */
export interface SwissProgress {
  format: SwissFormat;
  /** Highest round with a result (0 before round 1). */
  completedRounds: number;
  /** Round to generate next, or null when the stage is complete. */
  nextRound: number | null;
  /** Participants still to be paired, in standings order (esports form: neither advanced nor eliminated). */
  active: string[];
}

interface State {
  progress: SwissProgress;
  records: Map<string, ParticipantRecord>;
  /** Slots each participant took in its matches, oldest round first (byes left out). */
  sides: Map<string, MatchSlot[]>;
}

function readState(entrants: readonly Entrant[], results: readonly StageMatchResult[], settings: StageSettings, options: SwissRoundOptions): State {
  const s = settingsObject(settings);
  const ranked = validateEntrants(entrants, SWISS_MIN_ENTRANTS, SWISS_MAX_ENTRANTS);
  const format = swissFormat(ranked.length, s);
  const points = pointsSystem(s);
  const criteria = resolveTiebreaks('SWISS', s);
  if (!Array.isArray(results)) {
    throw new DomainError('VALIDATION_ERROR', 'results must be an array', [{ path: 'results', message: 'must be an array' }]);
  }
  let completedRounds = 0;
  const slotsByRound: [string, number, MatchSlot][] = [];
  results.forEach((r, i) => {
    const parsed = typeof r?.key === 'string' ? parseStageMatchKey(r.key) : null;
    if (parsed === null || parsed.bracket !== 'SWISS') {
      throw new DomainError('VALIDATION_ERROR', `results[${i}].key is not a Swiss match key`, [
        { path: `results[${i}].key`, message: 'must be a Swiss match key (S-r{round}-n{number} or S-r{round}-bye)' },
      ]);
    }
    const decided = r.winnerId !== null || r.isDraw === true;
    if (!decided) {
      throw new DomainError('VALIDATION_ERROR', `Round ${parsed.round} is not complete: ${r.key} has no result`, [
        { path: `results[${i}].winnerId`, message: 'the round must be complete before the next one is paired' },
      ]);
    }
    if (parsed.round > completedRounds) completedRounds = parsed.round;
    const [a, b] = Array.isArray(r.participants) ? r.participants : [null, null];
    if (a !== null && b !== null) slotsByRound.push([a, parsed.round, 1], [b, parsed.round, 2]);
  });
  const records = tally(ranked, results, points);
  const withdrawn = new Set<string>();
  (options.withdrawn ?? []).forEach((id, i) => {
    if (!records.has(id)) {
      throw new DomainError('VALIDATION_ERROR', `withdrawn[${i}] is not an entrant`, [{ path: `withdrawn[${i}]`, message: 'must be an entrant of the stage' }]);
    }
    withdrawn.add(id);
  });
  const inSeedOrder = ranked.map((e) => records.get(e.id) as ParticipantRecord);
  // Before any result every record is empty, so every criterion ties and the standings are the seed order.
  const ranking =
    results.length === 0
      ? inSeedOrder
      : rankRecords(inSeedOrder, records, criteria, points, { byes: { rounds: format.rounds, rule: byeTiebreakRuleSetting(s) } }).map((x) => x.record);
  // SEED (R27.8): each score group in seed order instead of the standings' (a stable sort keeps points first).
  if (swissPairingOrderSetting(s) === 'SEED') ranking.sort((a, b) => b.points - a.points || a.seed - b.seed);
  const active = ranking
    .filter((r) => {
      if (withdrawn.has(r.id)) return false;
      if (format.mode === 'FIXED') return true;
      return r.wins < (format.winsToAdvance as number) && r.losses < (format.lossesToEliminate as number);
    })
    .map((r) => r.id);
  const done = completedRounds >= format.rounds || active.length < 2;
  const sides = new Map<string, MatchSlot[]>();
  for (const [id, , slot] of slotsByRound.sort((x, y) => x[1] - y[1])) {
    const list = sides.get(id);
    if (list === undefined) sides.set(id, [slot]);
    else list.push(slot);
  }
  return { progress: { format, completedRounds, nextRound: done ? null : completedRounds + 1, active }, records, sides };
}

/**
 * Where a Swiss stage stands after `results` (every match of the stage so far, plus byes reported as
 * results with key "S-r{round}-bye"): rounds played, the next round (null when complete: after the fixed
 * number of rounds, or in the esports form when fewer than 2 participants are still active or the round
 * cap is reached) and who is still to be paired.
 * @throws DomainError VALIDATION_ERROR for bad entrants, settings or results, a result without a Swiss
 *   key, or an undecided result (the round is not complete).
 */
export function swissProgress(
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings = {},
  options: SwissRoundOptions = {},
): SwissProgress {
  return readState(entrants, results, settings, options).progress;
}

/**
 * Generates the next round of a Swiss stage from the results so far (R7.10), or returns null when the
 * stage is complete. The active participants are ranked by the current standings (points, then the
 * configured tiebreaks, then seed; with `swissPairingOrder` SEED by points, then seed) and paired by `pairSwissRound`: no rematch and no second bye while
 * avoidable, the bye to the lowest-ranked participant without one, pairs within score groups (the lowest-ranked
 * of an odd group floating to the highest-ranked of the next it can meet). Round 1
 * (no results) pairs seed i with seed i + N/2. Withdrawn participants are not paired (their remaining
 * rounds are simply absent: no walkover is needed in Swiss).
 * @throws DomainError as `swissProgress`.
 */
export function generateSwissRound(
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings = {},
  options: SwissRoundOptions = {},
): SwissRound | null {
  const { progress, records, sides } = readState(entrants, results, settings, options);
  if (progress.nextRound === null) return null;
  const round = progress.nextRound;
  const players = progress.active.map((id) => {
    const r = records.get(id) as ParticipantRecord;
    return { id, points: r.points, opponents: new Set(r.games.map((g) => g.opponent)), hadBye: r.byes > 0, sides: sides.get(id) ?? [] };
  });
  const pairing = pairSwissRound(players, { absoluteSides: progress.format.mode === 'FIXED' });
  const matches: GeneratedMatch[] = pairing.pairs.map(([a, b], i) => ({
    key: swissMatchKey(round, i + 1),
    bracket: 'SWISS',
    round,
    number: i + 1,
    participants: [a, b],
    next: { winner: null, loser: null },
  }));
  return {
    round,
    matches,
    bye: pairing.bye === null ? null : { key: swissByeKey(round), participantId: pairing.bye },
    rematches: pairing.rematches,
    repeatedBye: pairing.repeatedBye,
    method: pairing.method,
  };
}

/** A generated Swiss stage: its format and round 1 (later rounds come from `generateSwissRound`). */
export interface SwissStage {
  format: 'SWISS';
  entrantCount: number;
  entrants: Entrant[];
  swiss: SwissFormat;
  /** Most rounds the stage can have. */
  totalRounds: number;
  round: SwissRound;
  /** Round 1 matches (same as `round.matches`). */
  matches: GeneratedMatch[];
}

/**
 * Generates a Swiss stage: validates the settings and pairs round 1 by seed (top half against bottom
 * half, the bye to the lowest seed for odd N).
 * @throws DomainError NOT_ENOUGH_PARTICIPANTS below 2 entrants; VALIDATION_ERROR for more than 65536
 *   entrants, bad entrants or bad Swiss settings.
 */
export function generateSwiss(entrants: readonly Entrant[], settings: StageSettings = {}): SwissStage {
  const ranked = validateEntrants(entrants, SWISS_MIN_ENTRANTS, SWISS_MAX_ENTRANTS);
  const round = generateSwissRound(ranked, [], settings) as SwissRound;
  const swiss = swissFormat(ranked.length, settingsObject(settings));
  return { format: 'SWISS', entrantCount: ranked.length, entrants: ranked, swiss, totalRounds: swiss.rounds, round, matches: round.matches };
}
