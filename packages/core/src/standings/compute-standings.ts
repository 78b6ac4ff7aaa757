import { DomainError } from '../errors/domain-error';
import { snakeGroups, stageGroupCount } from '../formats/groups';
import type { Entrant, StageFormat } from '../formats/types';
import { validateEntrants } from '../formats/validate-entrants';
import { byeTiebreakRuleSetting, pointsSystem, resolveTiebreaks, settingsObject, type StageSettings } from '../stages/stage-settings';
import { swissFormat } from '../swiss/swiss-format';
import { rankRecords, type RankedRecord } from './rank';
import { tally, type ParticipantRecord } from './tally';
import type { StageMatchResult, StandingRow, SwissStatus } from './types';

function toRow(item: RankedRecord, rank: number, group: number | null, status: SwissStatus | null): StandingRow {
  const r = item.record;
  return {
    participantId: r.id,
    seed: r.seed,
    rank,
    tiedWithPrevious: item.tiedWithPrevious,
    group,
    played: r.played,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    byes: r.byes,
    points: r.points,
    scoresFor: r.scoresFor,
    scoresAgainst: r.scoresAgainst,
    scoreDifference: r.scoresFor - r.scoresAgainst,
    tiebreaks: item.values,
    status,
  };
}

/** Formats that have standings. */
export type StandingsFormat = 'ROUND_ROBIN' | 'SWISS' | 'GROUPS';

/**
 * Standings of a round-robin, Swiss or group stage from its results (R7.13): points from the settings
 * (3/1/0 by default), then the ordered criteria of `settings.tiebreaks` (see `resolveTiebreaks`), then
 * seed. Undecided results are ignored, so a stage in progress gives its current standings. GROUPS: groups
 * rebuilt as `generateGroups` does (snake by seed into `stageGroupCount` groups: `settings.groupCount`, else
 * as many as `groupNames`, else ceil(N/4); R7.9, R23.2), each ranked on its own, rows sorted by group then
 * rank. SWISS in the esports form: ranked by record (wins minus losses: 3-0 above
 * 3-1 above 3-2, whose points are equal) before points and tiebreaks; `status` ADVANCED at W wins,
 * ELIMINATED at L losses, else ACTIVE (a bye counts as a win). In Buchholz and Sonneborn-Berger a bye
 * counts as a win against a dummy opponent scoring the participant's own points, at most pointsForDraw
 * per round of the stage (FIDE Tie-Break Regulations 2023, article 16; see `ByeTreatment`), unless
 * `settings.byeTiebreakRule` is NONE (R27.2).
 * O(N log N + results).
 * @throws DomainError UNSUPPORTED_FORMAT for elimination formats; VALIDATION_ERROR for bad entrants,
 *   settings or results (see `tally`).
 */
export function computeStandings(
  format: StageFormat,
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings = {},
): StandingRow[] {
  if (format !== 'ROUND_ROBIN' && format !== 'SWISS' && format !== 'GROUPS') {
    throw new DomainError('UNSUPPORTED_FORMAT', `${String(format)} has placements, not standings`);
  }
  const s = settingsObject(settings);
  const points = pointsSystem(s);
  const criteria = resolveTiebreaks(format, s);
  const ranked = validateEntrants(entrants, 2, 65536);
  if (!Array.isArray(results)) {
    throw new DomainError('VALIDATION_ERROR', 'results must be an array', [{ path: 'results', message: 'must be an array' }]);
  }
  const records = tally(ranked, results, points);
  const recordsOf = (list: readonly Entrant[]) => list.map((e) => records.get(e.id) as ParticipantRecord);

  if (format === 'GROUPS') {
    return snakeGroups(ranked, stageGroupCount(s, ranked.length)).flatMap((group) =>
      rankRecords(recordsOf(group.entrants), records, criteria, points).map((item, i) => toRow(item, i + 1, group.number, null)),
    );
  }
  const swiss = format === 'SWISS' ? swissFormat(ranked.length, s) : null;
  const record = swiss?.mode === 'ESPORTS' ? (r: ParticipantRecord) => r.wins - r.losses : undefined;
  const byes = { rounds: swiss?.rounds ?? Infinity, rule: swiss === null ? undefined : byeTiebreakRuleSetting(s) };
  return rankRecords(recordsOf(ranked), records, criteria, points, { leading: record, byes }).map((item, i) => {
    let status: SwissStatus | null = null;
    if (swiss !== null && swiss.mode === 'ESPORTS') {
      const r = item.record;
      status = r.wins >= (swiss.winsToAdvance as number) ? 'ADVANCED' : r.losses >= (swiss.lossesToEliminate as number) ? 'ELIMINATED' : 'ACTIVE';
    }
    return toRow(item, i + 1, null, status);
  });
}
