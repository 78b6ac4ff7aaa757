/**
 * What must hold after every step of the randomized workflow test, read only from the public answers (tournament,
 * stages, participants, schedule, bracket) and compared with the snapshot before the step. Each broken rule is one
 * violation line naming the rule's requirement.
 */
import { expectConsistentBracket } from '../matches-helpers';
import type { RunLog, Snapshot } from './api';

export const OPEN = new Set(['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED']);
export const FINAL = new Set(['COMPLETED', 'RESOLVED']);
export const POOL = new Set(['ROUND_ROBIN', 'SWISS', 'GROUPS']);
const ELIMINATION = new Set(['SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION', 'STEPLADDER']);
const OUT = new Set(['DISQUALIFIED', 'WITHDRAWN']);

export const sidesOf = (m: any): [string | null, string | null] => [m.participants[0].participantId, m.participants[1].participantId];
export const bothSides = (m: any): boolean => Boolean(m.participants[0].participantId && m.participants[1].participantId);

/** Lower and upper place of a range "5-8" (or "3"). */
export function rangeBounds(range: string): [number, number] {
  const [lo, hi = lo] = range.split('-').map(Number) as [number, number?];
  return [lo, hi!];
}

/** What the checks remember between steps. */
export interface InvariantMemory {
  /** Participants seeded into stage 1 at the start. */
  entrants: Set<string>;
  /** Number of stages planned. */
  stageCount: number;
}

/** The expected number of matches of a freshly generated stage of `n` entrants, or null when no formula applies. */
function expectedMatchCount(format: string, settings: any, n: number): number | null {
  const s = settings ?? {};
  switch (format) {
    case 'SINGLE_ELIMINATION':
      if (s.consolation === 'FULL') return null;
      if (s.stopAtQualifiers) return n - s.advanceCount; // R7.20
      return n - 1 + (s.thirdPlaceMatch && n >= 4 ? 1 : 0); // R7.2, R7.3
    case 'STEPLADDER':
      return n - 1; // R27.7
    case 'ROUND_ROBIN':
      return ((s.roundRobinCycles ?? 1) * n * (n - 1)) / 2; // R7.8
    case 'DOUBLE_ELIMINATION':
      if (s.skipFirstRound) return null;
      if (s.stopAtQualifiers) return n - s.advanceCount / 2 + (n - s.advanceCount); // R7.21
      return n - 1 + (n - 2) + ({ none: 0, simple: 1, double: 2 } as Record<string, number>)[s.grandFinal ?? 'simple']!; // R7.5, R7.6
    default:
      return null;
  }
}

/** Checks every invariant on `now` (the state after the step), knowing `before` (null right after the start). */
export function checkInvariants(memory: InvariantMemory, now: Snapshot, before: Snapshot | null, log: RunLog, step: { correction: boolean }): void {
  const { tournament: t, stages, participants, matches, bracket } = now;
  const v = (message: string) => log.violate(message);
  const byId = new Map(participants.map((p) => [p.id as string, p]));
  const name = (id: string | null | undefined) => (id ? (byId.get(id)?.name ?? id) : '-');
  const where = (m: any) => `s${m.stageNumber} ${m.bracket} r${m.round} #${m.number}${m.groupName ? ` group ${m.groupName}` : ''} (${name(m.participants[0].participantId)} v ${name(m.participants[1].participantId)})`;
  const stageOf = new Map(stages.map((s) => [s.number as number, s]));
  const outNow = new Set(participants.filter((p) => OUT.has(p.status)).map((p) => p.id as string));

  // Tournament and stages (R7.1, R5.12): stages in order, one ONGOING while the tournament is.
  if (stages.length !== memory.stageCount) v(`R7.1: ${stages.length} stages listed, ${memory.stageCount} planned`);
  const inTournament = (t.stages ?? []).map((s: any) => `${s.number}:${s.status}`).join(', ');
  const listed = stages.map((s) => `${s.number}:${s.status}`).join(', ');
  if (inTournament !== listed) v(`R5.4: the tournament shows stages ${inTournament}, the stage list ${listed}`);
  const order: Record<string, number> = { COMPLETED: 0, ONGOING: 1, PENDING: 2 };
  const statuses = stages.map((s) => s.status as string);
  for (let i = 1; i < statuses.length; i++) if (order[statuses[i]!]! < order[statuses[i - 1]!]!) v(`R7.1: stage statuses out of order: ${statuses.join(', ')}`);
  if (t.status === 'COMPLETED') {
    if (statuses.includes('ONGOING')) v(`R5.12: COMPLETED tournament with an ONGOING stage (${statuses.join(', ')})`);
    const open = matches.filter((m) => OPEN.has(m.status));
    if (open.length) v(`R5.12: COMPLETED tournament with ${open.length} open matches, e.g. ${where(open[0])} ${open[0].status}`);
    if (!t.completedAt) v('R5.12: COMPLETED tournament without completedAt');
  } else if (t.status === 'ONGOING') {
    const ongoing = statuses.filter((s) => s === 'ONGOING').length;
    if (ongoing !== 1) v(`R7.1: ONGOING tournament with ${ongoing} ONGOING stages (${statuses.join(', ')})`);
    if (t.completedAt) v(`R8.13: ONGOING tournament with completedAt ${t.completedAt}`);
  } else {
    v(`R5.8: a started tournament is ${t.status}`);
  }

  // The bracket agrees with the tournament, the stages and the schedule (R5.15, R5.16).
  if (bracket.status !== t.status) v(`R5.15: bracket status ${bracket.status}, tournament ${t.status}`);
  const inBracket = new Map<string, any>();
  for (const bs of bracket.stages) {
    const s = stageOf.get(bs.stage.number);
    if (!s || s.status !== bs.stage.status) v(`R5.15: stage ${bs.stage.number} is ${bs.stage.status} in the bracket, ${s?.status} in the stage list`);
    for (const round of bs.rounds) for (const m of round.matches) inBracket.set(m.id, { ...m, stageNumber: bs.stage.number });
  }
  if (inBracket.size !== matches.length) v(`R5.15: the bracket has ${inBracket.size} matches, the schedule ${matches.length}`);
  for (const m of matches) {
    const b = inBracket.get(m.id);
    if (!b) {
      v(`R5.15: ${where(m)} is in the schedule, not in the bracket`);
      continue;
    }
    const same =
      b.stageNumber === m.stageNumber &&
      b.status === m.status &&
      b.winnerId === m.winnerId &&
      b.isDraw === m.isDraw &&
      b.resultType === m.resultType &&
      b.participants[0].participantId === m.participants[0].participantId &&
      b.participants[1].participantId === m.participants[1].participantId &&
      b.participants[0].score === m.participants[0].score &&
      b.participants[1].score === m.participants[1].score;
    if (!same) v(`R5.15: ${where(m)} differs between the bracket (${b.status} winner ${name(b.winnerId)}) and the schedule (${m.status} winner ${name(m.winnerId)})`);
  }

  // Matches: sides, open matches, results (R7.12, R6.8, R6.9, R8.1, R8.7, R7.6).
  const openOf = new Map<string, string>();
  for (const m of matches) {
    const stage = stageOf.get(m.stageNumber);
    const format: string = stage?.format;
    const [a, b] = sidesOf(m);
    if (stage?.status === 'PENDING') v(`R7.1: ${where(m)} exists in PENDING stage ${m.stageNumber}`);
    if (a && a === b) v(`R7.18: ${where(m)} has the same participant on both sides`);
    for (const side of [a, b]) if (side && !byId.has(side)) v(`R5.15: ${where(m)} names ${side}, not a participant`);
    if (OPEN.has(m.status)) {
      if (stage?.status === 'COMPLETED') v(`R7.1: open ${where(m)} (${m.status}) in COMPLETED stage ${m.stageNumber}`);
      if (m.status !== 'SCHEDULED' && !bothSides(m)) v(`R8.2: ${where(m)} is ${m.status} without both sides`);
      if (ELIMINATION.has(format) || format === 'SWISS') {
        for (const side of [a, b]) {
          if (!side) continue;
          const key = `${m.stageNumber}|${side}`;
          if (openOf.has(key)) v(`R7.10/R7.5: ${name(side)} is in two open matches of stage ${m.stageNumber}: ${openOf.get(key)} and ${where(m)}`);
          openOf.set(key, where(m));
        }
      }
      if (bothSides(m)) for (const side of [a, b]) if (outNow.has(side!)) v(`R6.8: open ${where(m)} (${m.status}) has a ${byId.get(side!)?.status} side, both sides known (a walkover is due)`);
      if ((m.status === 'SCHEDULED' || m.status === 'IN_PROGRESS') && m.reportedResult) v(`R8.1: ${where(m)} is ${m.status} with a reported result`);
      if ((m.status === 'PENDING_RESULT' || m.status === 'DISPUTED') && !m.reportedResult) v(`R8.7: ${where(m)} is ${m.status} without its reported result`);
      if (m.status === 'IN_PROGRESS' && !m.startedAt) v(`R8.6: ${where(m)} IN_PROGRESS without startedAt`);
      if (m.completedAt) v(`R8.1: open ${where(m)} has completedAt`);
    } else if (FINAL.has(m.status)) {
      const rt = m.resultType;
      if (rt !== 'NOT_NEEDED' && !m.completedAt) v(`R8.8: decided ${where(m)} without completedAt`);
      if (rt === 'NOT_NEEDED') {
        if (a || b || m.winnerId) v(`R7.6: NOT_NEEDED ${where(m)} has sides or a winner`);
      } else if (rt === 'BYE') {
        if (!m.winnerId || (a && b)) v(`R7.10: BYE ${where(m)} without a winner or with two sides`);
      } else if (m.isDraw) {
        if (m.winnerId) v(`R7.12: drawn ${where(m)} has a winner`);
        if (!POOL.has(format)) v(`R7.12: a draw in ${format} ${where(m)}`);
        if (!bothSides(m)) v(`R7.12: drawn ${where(m)} without both sides`);
      } else {
        if (!m.winnerId || ![a, b].includes(m.winnerId)) v(`R8.8: decided ${where(m)} (${rt}) has winner ${name(m.winnerId)}, not a side`);
        if (m.loserId && (![a, b].includes(m.loserId) || m.loserId === m.winnerId)) v(`R8.8: decided ${where(m)} has loser ${name(m.loserId)}`);
        if (rt === 'NORMAL') {
          const ws = m.participants.find((s: any) => s.participantId === m.winnerId)?.score;
          const ls = m.participants.find((s: any) => s.participantId !== m.winnerId)?.score;
          if (ws == null || ls == null) v(`R8.7: NORMAL ${where(m)} without scores`);
          else if (ws < ls) v(`R8.7: NORMAL ${where(m)}: the winner scored ${ws}, the loser ${ls}`);
          else if (ws === ls && !m.decider && m.bestOf === 1 && POOL.has(format)) v(`R7.12: ${where(m)} has equal scores and a winner without a decider in a pool stage`);
        }
        if (rt === 'WALKOVER') {
          const loser = byId.get(m.loserId ?? [a, b].find((x) => x !== m.winnerId));
          if (loser && !OUT.has(loser.status)) v(`R6.8: WALKOVER ${where(m)} lost by ${loser.name}, who is ${loser.status}`);
        }
        if (rt === 'DOUBLE_FORFEIT') for (const side of [a, b]) if (side && !outNow.has(side)) v(`R6.9: DOUBLE_FORFEIT ${where(m)} with ${name(side)} ${byId.get(side)?.status}`);
      }
    }
  }
  // Advancement (R8.8, R8.14): every next slot holds the winner (loser) of its decided feeding match, and is empty
  // while that match is undecided.
  for (const s of stages) {
    try {
      expectConsistentBracket(matches.filter((m) => m.stageNumber === s.number));
    } catch (error) {
      v(`R8.14: stage ${s.number} (${s.format}) is inconsistent: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  // Never stuck (R5.12): an ONGOING tournament has a match to play, and its ONGOING stage an open match.
  if (t.status === 'ONGOING') {
    const playable = matches.filter((m) => OPEN.has(m.status) && bothSides(m));
    if (playable.length === 0) v(`R5.12: ONGOING tournament with no match to play (stages ${statuses.join(', ')}; open with a side unknown: ${matches.filter((m) => OPEN.has(m.status)).length})`);
    const current = stages.find((s) => s.status === 'ONGOING');
    const currentMatches = current ? matches.filter((m) => m.stageNumber === current.number) : [];
    if (current && currentMatches.length && currentMatches.every((m) => FINAL.has(m.status))) v(`R7.1: stage ${current.number} (${current.format}) is ONGOING with every match decided`);
  }

  // Participant counts (R5.4, R6.11).
  const counts: Record<string, number> = {};
  for (const p of participants) counts[p.status] = (counts[p.status] ?? 0) + 1;
  const holding = participants.filter((p) => p.status !== 'WITHDRAWN' && p.status !== 'WAITLISTED').length;
  if (t.currentParticipants !== holding) v(`R5.4: currentParticipants ${t.currentParticipants}, ${holding} participants hold a place`);
  for (const [key, status] of [['active', 'ACTIVE'], ['eliminated', 'ELIMINATED'], ['disqualified', 'DISQUALIFIED'], ['withdrawn', 'WITHDRAWN']] as const) {
    if ((t.participantCounts?.[key] ?? 0) !== (counts[status] ?? 0)) v(`R5.4: participantCounts.${key} is ${t.participantCounts?.[key]}, ${counts[status] ?? 0} participants are ${status}`);
  }
  for (const p of participants) {
    if (!memory.entrants.has(p.id)) {
      if (p.placementRange) v(`R7.16: ${p.name} (${p.status}) never played but is placed ${p.placementRange}`);
      continue;
    }
    if (p.status === 'ELIMINATED' && !p.placementRange) v(`R7.16: ${p.name} is ELIMINATED without a placement`);
  }

  // Placements (R7.16, R7.4, R7.7, R8.18): the bracket and the participants agree; a range is held by at most as many
  // as it spans, ranges never overlap; once COMPLETED they tile 1..N exactly, every entrant placed.
  const placed = new Map<string, any>(bracket.placements.map((p: any) => [p.participantId, p]));
  for (const p of participants) {
    const b = placed.get(p.id);
    if ((b?.placementRange ?? null) !== (p.placementRange ?? null)) v(`R7.16: ${p.name} is placed ${p.placementRange} in the participants, ${b?.placementRange} in the bracket`);
    if (p.placementRange && p.finalPlacement !== rangeBounds(p.placementRange)[0]) v(`R7.16: ${p.name} has finalPlacement ${p.finalPlacement} and range ${p.placementRange}`);
  }
  const holders = new Map<string, any[]>();
  for (const p of bracket.placements) holders.set(p.placementRange, [...(holders.get(p.placementRange) ?? []), p]);
  const ranges = [...holders.keys()].map((r) => [...rangeBounds(r), r] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  for (const [lo, hi, range] of ranges) {
    const held = holders.get(range)!;
    const desc = held.map((p) => `${p.name} ${byId.get(p.participantId)?.status}`).join(', ');
    if (lo > hi) v(`R7.16: placement range ${range} is reversed`);
    if (held.length > hi - lo + 1) v(`R7.16/R8.18: placement ${range} is held by ${held.length}: ${desc}`);
    if (t.status === 'COMPLETED' && held.length !== hi - lo + 1) v(`R7.16: COMPLETED, placement ${range} is held by ${held.length}: ${desc}`);
  }
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]![0] <= ranges[i - 1]![1]) v(`R7.16/R8.18: placements ${ranges[i - 1]![2]} and ${ranges[i]![2]} overlap (tournament ${t.status})`);
  }
  if (t.status === 'COMPLETED') {
    const missing = participants.filter((p) => memory.entrants.has(p.id) && !p.placementRange);
    if (missing.length) v(`R7.16: COMPLETED but ${missing.length} entrants have no placement: ${missing.slice(0, 5).map((p) => `${p.name} ${p.status}`).join(', ')}`);
    let next = 1;
    for (const [lo, hi, range] of ranges) {
      if (lo !== next) {
        v(`R7.16: COMPLETED placements leave a gap: ${next} expected, ${range} found (${ranges.map((r) => r[2]).join(', ')})`);
        break;
      }
      next = hi + 1;
    }
    if (next - 1 !== bracket.placements.length) v(`R7.16: COMPLETED placements run to ${next - 1} for ${bracket.placements.length} placed`);
    const champions = participants.filter((p) => p.finalPlacement === 1);
    const stillIn = participants.filter((p) => memory.entrants.has(p.id) && !OUT.has(p.status));
    if (champions.length === 0) v('R7.16: COMPLETED without a champion');
    for (const p of champions) {
      if (p.status === 'ELIMINATED') v(`R7.16: the champion ${p.name} is ELIMINATED`);
      if (OUT.has(p.status) && stillIn.length) v(`R7.16: the champion ${p.name} is ${p.status} while ${stillIn.length} are still in (${stillIn.slice(0, 3).map((x) => `${x.name} ${x.placementRange}`).join(', ')})`);
    }
    for (const p of participants) if (p.status === 'ACTIVE' && p.finalPlacement !== 1) v(`R7.16: COMPLETED, ${p.name} is ACTIVE at place ${p.placementRange}`);

    // The shape of a finished single stage without forfeits (R7.4, R27.7, R27.9).
    if (stages.length === 1 && outNow.size === 0 && bracket.placements.length >= 2) {
      const s = stages[0];
      const set = s.settings ?? {};
      const got = bracket.placements.map((p: any) => p.placementRange as string).sort();
      const n = bracket.placements.length;
      if (s.format === 'STEPLADDER' || (s.format === 'SINGLE_ELIMINATION' && set.consolation === 'FULL')) {
        const shared = got.filter((r: string) => r.includes('-'));
        if (shared.length) v(`R27.7/R27.9: ${s.format} ${set.consolation ?? ''} finished with shared places ${shared.join(', ')}`);
      } else if (s.format === 'SINGLE_ELIMINATION') {
        const want = ['1', '2'];
        for (let lo = 3, size = 2; lo <= n; lo += size, size *= 2) {
          const hi = Math.min(lo + size - 1, n);
          if (lo === 3 && set.thirdPlaceMatch && n >= 4) want.push('3', '4');
          else for (let i = lo; i <= hi; i++) want.push(lo === hi ? `${lo}` : `${lo}-${hi}`);
        }
        if (got.join(',') !== want.sort().join(',')) v(`R7.4: single elimination of ${n} placed [${got.join(', ')}], expected [${want.join(', ')}]`);
      }
    }
  }

  // Stage generations: a stage generated (or rebuilt) in this step never takes a forfeited participant (R7.15), has
  // the format's number of matches (R7.2, R7.5, R7.8, R7.20, R7.21, R27.7), and after a round robin or Swiss stage
  // takes the best eligible rows of its standings, seeded in that order (R7.15).
  for (const s of stages) {
    const sm = matches.filter((m) => m.stageNumber === s.number);
    if (!sm.length) continue;
    const earlier = new Set((before?.matches ?? []).filter((m) => m.stageNumber === s.number).map((m) => m.id as string));
    if (sm.some((m) => earlier.has(m.id))) continue;
    // Entrants with their stage seeds, as the matches show them: all of them, except in a single elimination that
    // stops at its qualifiers, where seeds a bye takes past the last round played appear in no match (R7.20).
    const seeds = new Map<string, number>();
    for (const m of sm) for (const side of m.participants) if (side.participantId) seeds.set(side.participantId, side.seed);
    const allShown = !(s.format === 'SINGLE_ELIMINATION' && s.settings?.stopAtQualifiers);
    for (const id of seeds.keys()) if (outNow.has(id)) v(`R7.15: ${name(id)} (${byId.get(id)?.status}) entered stage ${s.number} generated in this step`);
    const entrantCount = s.number === 1 ? memory.entrants.size : allShown ? seeds.size : null;
    const expected = entrantCount === null ? null : expectedMatchCount(s.format, s.settings, entrantCount);
    if (expected !== null && sm.length !== expected) v(`R7.2: stage ${s.number} (${s.format} ${JSON.stringify(s.settings)}) of ${entrantCount} entrants has ${sm.length} matches, expected ${expected}`);
    const previous = stageOf.get(s.number - 1);
    if (previous && (previous.format === 'ROUND_ROBIN' || (previous.format === 'SWISS' && !previous.settings?.swissWinsToAdvance))) {
      const rows = (bracket.stages.find((b: any) => b.stage.number === previous.number)?.standings ?? []).filter((r: any) => !outNow.has(r.participantId));
      const want = rows.slice(0, previous.settings.advanceCount).map((r: any) => r.participantId as string);
      const same = [...seeds].every(([id, seed]) => want[seed - 1] === id) && (allShown ? seeds.size === want.length : seeds.size <= want.length);
      if (!same) v(`R7.15: stage ${s.number} took [${[...seeds].sort((x, y) => x[1] - y[1]).map(([id, seed]) => `${seed}:${name(id)}`).join(', ')}], the best ${previous.settings.advanceCount} eligible of stage ${previous.number} are [${want.map(name).join(', ')}]`);
    }
  }

  // Swiss (R7.10, R6.8): a new pairing never takes a participant out before it, nor one already through (esports
  // form); no more rounds than the settings allow.
  for (const s of stages.filter((x) => x.format === 'SWISS')) {
    const sm = matches.filter((m) => m.stageNumber === s.number);
    const earlierIds = new Set((before?.matches ?? []).map((m) => m.id as string));
    const outBefore = new Set((before?.participants ?? []).filter((p) => OUT.has(p.status)).map((p) => p.id as string));
    const statusBefore = new Map<string, string>(
      (before?.bracket.stages.find((b: any) => b.stage.number === s.number)?.standings ?? []).map((r: any) => [r.participantId, r.status]),
    );
    const stageWasPlayed = (before?.matches ?? []).some((m) => m.stageNumber === s.number);
    for (const m of sm) {
      if (earlierIds.has(m.id) || !stageWasPlayed) continue;
      for (const side of sidesOf(m)) {
        if (!side) continue;
        if (outBefore.has(side)) v(`R6.8: new Swiss pairing ${where(m)} takes ${name(side)}, ${byId.get(side)?.status} before this step`);
        const st = statusBefore.get(side);
        // (A correction re-pairs later rounds from the corrected results, R8.17: the statuses before it no longer hold.)
        if ((st === 'ADVANCED' || st === 'ELIMINATED') && !step.correction) v(`R7.10: new Swiss pairing ${where(m)} takes ${name(side)}, already ${st}`);
      }
    }
    const set = s.settings ?? {};
    const cap = set.swissWinsToAdvance ? set.swissWinsToAdvance + set.swissLossesToEliminate - 1 : set.swissRounds;
    const maxRound = Math.max(0, ...sm.map((m) => m.round as number));
    if (cap && maxRound > cap) v(`R7.10: Swiss stage ${s.number} reached round ${maxRound}, at most ${cap}`);
  }

  // Groups (R7.9): a participant plays in one group only.
  for (const s of stages.filter((x) => x.format === 'GROUPS')) {
    const groupOf = new Map<string, number>();
    for (const m of matches.filter((x) => x.stageNumber === s.number)) {
      for (const side of sidesOf(m)) {
        if (!side) continue;
        if (groupOf.has(side) && groupOf.get(side) !== m.groupNumber) v(`R7.9: ${name(side)} plays in groups ${groupOf.get(side)} and ${m.groupNumber}`);
        groupOf.set(side, m.groupNumber);
      }
    }
  }

  // Standings (R7.13): points from the record, the record from the decided matches.
  for (const bs of bracket.stages) {
    const rows: any[] = bs.standings ?? [];
    if (!rows.length) continue;
    const set = bs.stage.settings ?? {};
    const tally = new Map<string, { w: number; d: number; l: number; byes: number; played: number }>();
    const get = (id: string) => tally.get(id) ?? (tally.set(id, { w: 0, d: 0, l: 0, byes: 0, played: 0 }), tally.get(id)!);
    for (const m of matches.filter((x) => x.stageNumber === bs.stage.number && FINAL.has(x.status) && x.resultType !== 'NOT_NEEDED')) {
      const [a, b] = sidesOf(m);
      if (!a || !b) {
        if (m.winnerId) {
          get(m.winnerId).w++;
          get(m.winnerId).byes++;
        }
        continue;
      }
      get(a).played++;
      get(b).played++;
      if (m.isDraw) {
        get(a).d++;
        get(b).d++;
      } else if (m.winnerId) {
        get(m.winnerId).w++;
        get(m.winnerId === a ? b : a).l++;
      }
    }
    for (const row of rows) {
      const points = row.wins * (set.pointsForWin ?? 3) + row.draws * (set.pointsForDraw ?? 1) + row.losses * (set.pointsForLoss ?? 0);
      if (Math.abs(points - row.points) > 1e-9) v(`R7.13: stage ${bs.stage.number} ${row.name} has ${row.points} points for W${row.wins} D${row.draws} L${row.losses}`);
      const r = tally.get(row.participantId) ?? { w: 0, d: 0, l: 0, byes: 0, played: 0 };
      if (r.w !== row.wins || r.d !== row.draws || r.l !== row.losses || r.byes !== row.byes || r.played !== row.played) {
        v(`R7.13: stage ${bs.stage.number} ${row.name} stands W${row.wins} D${row.draws} L${row.losses} B${row.byes} P${row.played}, the matches say W${r.w} D${r.d} L${r.l} B${r.byes} P${r.played}`);
      }
    }
  }

  // In the last stage of an elimination format only those still in the bracket are ACTIVE (R7.16).
  if (t.status === 'ONGOING') {
    const current = stages.find((s) => s.status === 'ONGOING');
    if (current && current.number === stages.length && ELIMINATION.has(current.format)) {
      const sm = matches.filter((m) => m.stageNumber === current.number);
      const inOpen = new Set(sm.filter((m) => OPEN.has(m.status)).flatMap((m) => sidesOf(m)).filter(Boolean));
      const inStage = new Set(sm.flatMap((m) => sidesOf(m)).filter(Boolean));
      for (const id of inStage) {
        const p = byId.get(id!);
        if (p?.status === 'ACTIVE' && p.finalPlacement !== 1 && !inOpen.has(id)) v(`R7.16: ${p.name} is ACTIVE in the last stage (${current.format}) but in no open match of it (placed ${p.placementRange})`);
      }
    }
  }
}
