/**
 * The random actions of the workflow test, each with what the model expects of the answer: players report (now and
 * then a lie, a draw where the format allows one, or a result the rules refuse), the other side confirms or disputes,
 * the organizer confirms, resolves, corrects (with and without cascade), reschedules, disqualifies and withdraws, and
 * outsiders are refused. A "truth" per match (its real result) lets a lie be disputed and resolved with the truth.
 */
import type { TestUser } from '../helpers/index';
import type { Api, Snapshot } from './api';
import { bothSides, FINAL, POOL, sidesOf } from './invariants';
import type { Rng } from './rng';

/** The real result of a match: the winner (null: a draw) and the scores of slot 1 and slot 2. */
export interface Truth {
  winner: string | null;
  scores: [number, number];
}

/** Everything a run knows besides the server's answers. */
export interface RunState {
  rng: Rng;
  api: Api;
  tournamentId: string;
  owner: TestUser;
  /** A registered user who plays in none of the run's matches. */
  stranger: TestUser;
  /** The users who act for each participant (a player, or a team's members). */
  members: Map<string, TestUser[]>;
  /** Stage format by stage number. */
  formats: Map<number, string>;
  /** The real result of each match, by match id and sides. */
  truth: Map<string, Truth>;
  /** The last report of each match by a player: its side, what it claimed, and whether it lied. */
  reports: Map<string, { by: string; claimed: Truth; lie: boolean }>;
  /** A time in the future of the server's clock, from which reschedules count. */
  rescheduleFrom: number;
  /** The action the last step drew. */
  lastAction: string;
  corrections: number;
  forfeits: number;
}

const OUT = new Set(['DISQUALIFIED', 'WITHDRAWN']);
const truthKey = (m: any) => `${m.id}|${m.participants[0].participantId}|${m.participants[1].participantId}`;

function tokenOf(state: RunState, participantId: string): string {
  return state.rng.pick(state.members.get(participantId)!).accessToken;
}

/** The truth of a match, drawn once: the better seed wins about 62% of the time; draws only where allowed. */
function truthFor(state: RunState, m: any): Truth {
  const known = state.truth.get(truthKey(m));
  if (known) return known;
  const { rng } = state;
  const format = state.formats.get(m.stageNumber)!;
  const [a, b] = sidesOf(m) as [string, string];
  let truth: Truth;
  if (POOL.has(format) && m.bestOf === 1 && rng.chance(0.12)) {
    const x = rng.int(0, 3);
    truth = { winner: null, scores: [x, x] };
  } else {
    const better = (m.participants[0].seed ?? 99) <= (m.participants[1].seed ?? 99) ? 0 : 1;
    const w = rng.chance(0.62) ? better : 1 - better;
    let ws: number;
    let ls: number;
    if (m.bestOf > 1) {
      ws = Math.floor(m.bestOf / 2) + 1;
      ls = rng.int(0, ws - 1);
    } else {
      ws = rng.int(1, 5);
      ls = rng.int(0, ws - 1);
      if (!POOL.has(format) && rng.chance(0.08)) ls = ws; // a level score an elimination match decides by winnerId or a decider
    }
    truth = { winner: w === 0 ? a : b, scores: w === 0 ? [ws, ls] : [ls, ws] };
  }
  state.truth.set(truthKey(m), truth);
  return truth;
}

/** A report, resolve or correct body for `truth`: scores (or per-game scores of a series), winnerId or a decider. */
function resultBody(state: RunState, m: any, truth: Truth, games = false): Record<string, unknown> {
  const { rng } = state;
  const [a, b] = sidesOf(m) as [string, string];
  const body: Record<string, unknown> = {};
  if (games && m.bestOf > 1 && truth.winner) {
    const w = truth.scores[0] > truth.scores[1] ? 0 : 1;
    const need = Math.floor(m.bestOf / 2) + 1;
    const order = rng.shuffle([...Array<number>(truth.scores[1 - w]!).fill(1 - w), ...Array<number>(need - 1).fill(w)]);
    body.games = [...order, w].map((side) => ({ scores: side === 0 ? [13, rng.int(0, 11)] : [rng.int(0, 11), 13] }));
  } else {
    body.scores = [
      { participantId: a, score: truth.scores[0] },
      { participantId: b, score: truth.scores[1] },
    ];
  }
  if (truth.winner) {
    if (body.scores && truth.scores[0] === truth.scores[1] && rng.chance(0.5)) {
      const hi = rng.int(3, 6);
      const lo = rng.int(0, hi - 1);
      body.decider = { kind: rng.pick(['PENALTIES', 'EXTRA_TIME', 'GOLDEN_GOAL', 'OTHER']), scores: truth.winner === a ? [hi, lo] : [lo, hi] };
    } else {
      body.winnerId = truth.winner;
    }
  }
  return body;
}

/** What a side that lies claims: the other side won. */
function lieFor(m: any, truth: Truth): Truth {
  const [a, b] = sidesOf(m) as [string, string];
  const other = truth.winner === a ? b : a;
  const hi = Math.max(...truth.scores, 1);
  const lo = Math.min(...truth.scores);
  const low = lo === hi ? hi - 1 : lo;
  return { winner: other, scores: other === a ? [hi, low] : [low, hi] };
}

/** The result a PENDING_RESULT match was reported with, scores in slot order. */
function reported(m: any): Truth {
  const score = (slot: 0 | 1) => m.reportedResult.scores.find((e: any) => e.participantId === m.participants[slot].participantId)?.score;
  return { winner: m.reportedResult.winnerId ?? null, scores: [score(0), score(1)] };
}

const scoreText = (t: Truth) => `${t.scores[0]}-${t.scores[1]}${t.winner ? '' : ' draw'}`;
const bodyText = (body: Record<string, unknown>) => (body.games ? ' in games' : '') + (body.decider ? ` with a ${(body.decider as any).kind} decider` : '');

/**
 * Draws one action among those the current state allows (kept in `state.lastAction`), runs it and checks its answer.
 * Returns the step's description, or null when nothing can be done.
 */
export async function randomAction(state: RunState, snap: Snapshot): Promise<string | null> {
  const { rng, api, tournamentId: tid, owner } = state;
  const byId = new Map(snap.participants.map((p) => [p.id as string, p]));
  const name = (id: string | null | undefined) => (id ? (byId.get(id)?.name ?? id) : '-');
  const where = (m: any) => `s${m.stageNumber} ${m.bracket} r${m.round} #${m.number} (${name(m.participants[0].participantId)} v ${name(m.participants[1].participantId)})`;
  const format = (m: any) => state.formats.get(m.stageNumber)!;
  const t = snap.tournament;
  const matches = snap.matches;
  const ready = matches.filter((m) => (m.status === 'SCHEDULED' || m.status === 'IN_PROGRESS') && bothSides(m));
  const pending = matches.filter((m) => m.status === 'PENDING_RESULT');
  const disputed = matches.filter((m) => m.status === 'DISPUTED');
  const waiting = matches.filter((m) => m.status === 'SCHEDULED' && !bothSides(m));
  const correctable = matches.filter((m) => FINAL.has(m.status) && m.resultType === 'NORMAL' && bothSides(m));
  const notPlayed = matches.filter((m) => FINAL.has(m.status) && (m.resultType === 'BYE' || m.resultType === 'WALKOVER'));
  const toForfeited = correctable.filter((m) => {
    const loser = sidesOf(m).find((x) => x !== m.winnerId);
    return m.winnerId && loser && OUT.has(byId.get(loser)?.status);
  });
  const inPlay = snap.participants.filter((p) => p.status === 'ACTIVE' || p.status === 'ELIMINATED');
  const out = snap.participants.filter((p) => OUT.has(p.status) && p.seed !== null);
  const ongoing = t.status === 'ONGOING';

  const options: [string, number][] = [];
  if (ready.length) options.push(['report', 40], ['start', 3], ['resolveOpen', 2], ['strangerReport', 1]);
  if (ready.some((m) => m.status === 'SCHEDULED') || waiting.length) options.push(['reschedule', 2]);
  if (ready.some((m) => !POOL.has(format(m)) && m.bestOf === 1)) options.push(['badDraw', 1]);
  if (ready.some((m) => m.bestOf > 1)) options.push(['badSeries', 2]);
  if (ready.some((m) => m.bestOf === 1)) options.push(['badWinner', 0.7]);
  if (waiting.some((m) => sidesOf(m).some(Boolean))) options.push(['reportNotReady', 0.5]);
  if (pending.length) options.push(['confirm', 30], ['organizerConfirm', 4], ['selfConfirm', 2], ['dispute', 4]);
  if (disputed.length) options.push(['resolve', 20], ['evidence', 4]);
  if (correctable.length) options.push(['correct', ongoing ? 6 : 20]);
  if (toForfeited.length) options.push(['correctToForfeited', 4]);
  if (notPlayed.length) options.push(['correctNotPlayed', 1]);
  if (ongoing && inPlay.length) options.push(['disqualify', 3], ['withdraw', 1], ['badStatusChange', 0.3]);
  if (ongoing && out.length) options.push(['removeOut', 0.5]);
  const stillIn = snap.participants.filter((p) => p.seed !== null && p.status !== 'DISQUALIFIED');
  if (!ongoing && stillIn.length) options.push(['disqualifyAfterEnd', 4]);
  if (options.length === 0) return null;
  const action = rng.weighted(options);
  state.lastAction = action;
  const reason = 'randomized workflow test';

  switch (action) {
    case 'report': {
      const m = rng.pick(ready);
      const truth = truthFor(state, m);
      const lie = truth.winner !== null && rng.chance(0.15);
      const claimed = lie ? lieFor(m, truth) : truth;
      const side = lie ? claimed.winner! : rng.pick(sidesOf(m) as string[]);
      const body = resultBody(state, m, claimed, rng.chance(0.5));
      const res = await api.call('POST', `/matches/${m.id}/report`, { token: tokenOf(state, side), body, expect: [200] });
      if (res.status === 200) {
        if (res.body.data.status !== 'PENDING_RESULT') api.log.violate(`R8.7: a report left ${where(m)} ${res.body.data.status}`);
        state.reports.set(m.id, { by: side, claimed, lie });
      }
      return `report ${where(m)} by ${name(side)}: ${scoreText(claimed)}${bodyText(body)}${lie ? ' (a lie)' : ''}`;
    }
    case 'start': {
      const scheduled = ready.filter((m) => m.status === 'SCHEDULED');
      if (!scheduled.length) return 'start: nothing to start';
      const m = rng.pick(scheduled);
      const byOrganizer = rng.chance(0.4);
      const res = await api.call('POST', `/matches/${m.id}/start`, { token: byOrganizer ? owner.accessToken : tokenOf(state, rng.pick(sidesOf(m) as string[])), expect: [200] });
      if (res.status === 200 && res.body.data.status !== 'IN_PROGRESS') api.log.violate(`R8.6: a start left ${where(m)} ${res.body.data.status}`);
      return `start ${where(m)}${byOrganizer ? ' by the organizer' : ''}`;
    }
    case 'resolveOpen': {
      const m = rng.pick(ready);
      const truth = truthFor(state, m);
      const body = resultBody(state, m, truth);
      const res = await api.call('POST', `/matches/${m.id}/resolve`, { token: owner.accessToken, body: { ...body, reason }, expect: [200] });
      if (res.status === 200) checkDecided(api, res.body.data, truth, 'RESOLVED', `resolving open ${where(m)}`);
      return `organizer resolves open ${where(m)}: ${scoreText(truth)}${bodyText(body)}`;
    }
    case 'reschedule': {
      const m = rng.pick([...ready.filter((x) => x.status === 'SCHEDULED'), ...waiting]);
      const at = new Date(state.rescheduleFrom + rng.int(0, 100_000) * 60_000).toISOString();
      const res = await api.call('POST', `/matches/${m.id}/reschedule`, { token: owner.accessToken, body: { scheduledAt: at, reason }, expect: [200] });
      if (res.status === 200 && Date.parse(res.body.data.scheduledAt) !== Date.parse(at)) api.log.violate(`R8.19: rescheduled ${where(m)} to ${at}, it shows ${res.body.data.scheduledAt}`);
      return `reschedule ${where(m)}`;
    }
    case 'strangerReport': {
      const m = rng.pick(ready);
      const res = await api.call('POST', `/matches/${m.id}/report`, { token: state.stranger.accessToken, body: resultBody(state, m, truthFor(state, m)), expect: [403] });
      if (res.status === 403 && res.body.error.code !== 'NOT_MATCH_PARTICIPANT') api.log.violate(`R8.4: a stranger's report is 403 ${res.body.error.code}, not NOT_MATCH_PARTICIPANT`);
      return `a stranger reports ${where(m)}`;
    }
    case 'badDraw': {
      const m = rng.pick(ready.filter((x) => !POOL.has(format(x)) && x.bestOf === 1));
      const [a, b] = sidesOf(m) as [string, string];
      const res = await api.call('POST', `/matches/${m.id}/report`, { token: tokenOf(state, a), body: { scores: [{ participantId: a, score: 1 }, { participantId: b, score: 1 }] }, expect: [400] });
      if (res.status === 400 && !JSON.stringify(res.body.error).includes('body.winnerId')) api.log.violate(`R7.12: a draw in ${format(m)} is refused without naming body.winnerId: ${res.body.error.message}`);
      return `report a 1-1 draw in elimination ${where(m)} (refused)`;
    }
    case 'badSeries': {
      const m = rng.pick(ready.filter((x) => x.bestOf > 1));
      const [a, b] = sidesOf(m) as [string, string];
      const level = Math.floor(m.bestOf / 2) + 1;
      const res = await api.call('POST', `/matches/${m.id}/report`, { token: tokenOf(state, a), body: { winnerId: a, scores: [{ participantId: a, score: level }, { participantId: b, score: level }] }, expect: [400] });
      if (res.status === 400 && !JSON.stringify(res.body.error).includes('body.scores')) api.log.violate(`R25.3: ${level}-${level} in a best-of-${m.bestOf} is refused without naming body.scores: ${res.body.error.message}`);
      return `report ${level}-${level} in best-of-${m.bestOf} ${where(m)} (refused)`;
    }
    case 'badWinner': {
      const m = rng.pick(ready.filter((x) => x.bestOf === 1));
      const [a, b] = sidesOf(m) as [string, string];
      const res = await api.call('POST', `/matches/${m.id}/report`, { token: tokenOf(state, b), body: { winnerId: b, scores: [{ participantId: a, score: 3 }, { participantId: b, score: 1 }] }, expect: [400] });
      if (res.status === 400 && !/body\.(winnerId|scores)/.test(JSON.stringify(res.body.error))) api.log.violate(`R8.7: a winner with the lower score is refused without naming the field: ${res.body.error.message}`);
      return `report ${where(m)} won by the lower score (refused)`;
    }
    case 'reportNotReady': {
      const m = rng.pick(waiting.filter((x) => sidesOf(x).some(Boolean)));
      const known = sidesOf(m).find(Boolean)!;
      const unknown = state.stranger.id; // no participant: the opponent is not known yet
      const res = await api.call('POST', `/matches/${m.id}/report`, { token: tokenOf(state, known), body: { winnerId: known, scores: [{ participantId: known, score: 1 }, { participantId: unknown, score: 0 }] }, expect: [400, 409] });
      if (res.status === 409 && res.body.error.code !== 'MATCH_NOT_READY') api.log.violate(`R8.2: a report while a side is unknown is 409 ${res.body.error.code}, not MATCH_NOT_READY`);
      return `report ${where(m)} before the opponent is known (refused ${res.status})`;
    }
    case 'confirm':
    case 'selfConfirm':
    case 'dispute': {
      const m = rng.pick(pending);
      const reportedBy: string | undefined = m.reportedResult?.reportedBy;
      const reporter = [...state.members.entries()].find(([, users]) => users.some((u) => u.id === reportedBy))?.[0];
      const [a, b] = sidesOf(m) as [string, string];
      if (!reporter) {
        api.log.violate(`R8.7: ${where(m)} is PENDING_RESULT, reported by ${reportedBy}, who plays for neither side`);
        return `confirm ${where(m)}: unknown reporter`;
      }
      const other = reporter === a ? b : a;
      if (action === 'selfConfirm') {
        const res = await api.call('POST', `/matches/${m.id}/confirm`, { token: tokenOf(state, reporter), expect: [403] });
        if (res.status === 403 && res.body.error.code !== 'FORBIDDEN') api.log.violate(`R8.4: the reporter confirming its own report is 403 ${res.body.error.code}, not FORBIDDEN`);
        return `${name(reporter)} confirms its own report of ${where(m)} (refused)`;
      }
      const report = state.reports.get(m.id);
      const lie = report?.lie ?? false;
      if (action === 'dispute' || (lie && rng.chance(0.85))) {
        const evidence = rng.chance(0.5) ? ['https://example.com/screenshot.png'] : undefined;
        const res = await api.call('POST', `/matches/${m.id}/dispute`, { token: tokenOf(state, other), body: { reason: lie ? 'that is not what happened' : 'I think the score was different', ...(evidence ? { evidence } : {}) }, expect: [200] });
        if (res.status === 200 && res.body.data.status !== 'DISPUTED') api.log.violate(`R8.9: a dispute left ${where(m)} ${res.body.data.status}`);
        return `${name(other)} disputes ${where(m)}`;
      }
      const res = await api.call('POST', `/matches/${m.id}/confirm`, { token: tokenOf(state, other), expect: [200] });
      if (res.status === 200) {
        checkDecided(api, res.body.data, reported(m), 'COMPLETED', `confirming ${where(m)}`);
        if (lie) state.truth.set(truthKey(m), report!.claimed);
      }
      return `${name(other)} confirms ${where(m)}`;
    }
    case 'organizerConfirm': {
      const m = rng.pick(pending);
      const res = await api.call('POST', `/matches/${m.id}/confirm`, { token: owner.accessToken, expect: [200] });
      if (res.status === 200) {
        checkDecided(api, res.body.data, reported(m), 'COMPLETED', `the organizer confirming ${where(m)}`);
        const report = state.reports.get(m.id);
        if (report?.lie) state.truth.set(truthKey(m), report.claimed);
      }
      return `organizer confirms ${where(m)}`;
    }
    case 'resolve': {
      const m = rng.pick(disputed);
      const truth = truthFor(state, m);
      const body = resultBody(state, m, truth, rng.chance(0.3));
      const res = await api.call('POST', `/matches/${m.id}/resolve`, { token: owner.accessToken, body: { ...body, reason }, expect: [200] });
      if (res.status === 200) checkDecided(api, res.body.data, truth, 'RESOLVED', `resolving ${where(m)}`);
      return `organizer resolves ${where(m)}: ${scoreText(truth)}${bodyText(body)}`;
    }
    case 'evidence': {
      const m = rng.pick(disputed);
      const side = rng.pick(sidesOf(m) as string[]);
      await api.call('POST', `/matches/${m.id}/evidence`, { token: tokenOf(state, side), body: { evidence: ['https://example.com/demo.dem'], note: 'the demo' }, expect: [200] });
      return `${name(side)} adds evidence to ${where(m)}`;
    }
    case 'correct':
    case 'correctToForfeited': {
      const m = action === 'correct' ? rng.pick(correctable) : rng.pick(toForfeited);
      const [a, b] = sidesOf(m) as [string, string];
      const kind = rng.int(0, 2);
      let truth: Truth;
      if (action === 'correctToForfeited' || (kind === 0 && m.winnerId)) truth = { winner: m.winnerId === a ? b : a, scores: [0, 0] };
      else if (kind === 1 && POOL.has(format(m)) && m.bestOf === 1) truth = { winner: null, scores: [2, 2] };
      else truth = { winner: m.winnerId ?? a, scores: [0, 0] };
      if (truth.winner) {
        const need = Math.floor(m.bestOf / 2) + 1;
        const [ws, ls] = m.bestOf > 1 ? [need, rng.int(0, need - 1)] : (() => { const w = rng.int(1, 9); return [w, rng.int(0, w - 1)]; })();
        truth.scores = truth.winner === a ? [ws, ls] : [ls, ws];
      }
      const cascade = rng.chance(0.5);
      const retry = rng.chance(0.7);
      const body = { ...resultBody(state, m, truth), reason, ...(cascade ? { cascade: true } : {}) };
      // The same winner and scores, and neither games nor a decider on either side: nothing would change (R8.13).
      const unchanged =
        m.winnerId === truth.winner &&
        m.participants[0].score === truth.scores[0] &&
        m.participants[1].score === truth.scores[1] &&
        !m.games?.length &&
        !m.decider &&
        !('decider' in body);
      let res = await api.call('POST', `/matches/${m.id}/correct`, { token: owner.accessToken, body, expect: unchanged ? [400] : [200, 409] });
      if (res.status === 400 && unchanged && !JSON.stringify(res.body.error).includes('body.scores')) api.log.violate(`R8.13: an unchanged correction is refused without naming body.scores: ${res.body.error.message}`);
      let sent = cascade ? 'cascade' : 'no cascade';
      if (res.status === 409) {
        const code = res.body.error.code;
        // CONFLICT: later matches were played (R8.15; cascade resets them); TOURNAMENT_LOCKED: a later stage was
        // played (R8.13, R8.18).
        if (code !== 'CONFLICT' && code !== 'TOURNAMENT_LOCKED') api.log.violate(`R8.13: a correction of ${where(m)} is 409 ${code}: ${res.body.error.message}`);
        if (code === 'CONFLICT' && cascade) api.log.violate(`R8.15: a correction of ${where(m)} with cascade is still 409 CONFLICT: ${res.body.error.message}`);
        if (code === 'CONFLICT' && !cascade) {
          if (!(res.body.error.details ?? []).some((d: any) => d.path === 'body.cascade')) api.log.violate(`R8.15: a correction behind played matches is 409 CONFLICT without a detail naming body.cascade`);
          if (retry) {
            res = await api.call('POST', `/matches/${m.id}/correct`, { token: owner.accessToken, body: { ...body, cascade: true }, expect: [200, 409] });
            sent += ', then cascade';
          }
        }
      }
      if (res.status === 200) {
        const d = res.body.data.match;
        if ((d.winnerId ?? null) !== truth.winner) api.log.violate(`R8.13: corrected ${where(m)} has winner ${name(d.winnerId)}, sent ${name(truth.winner)}`);
        if (d.participants[0].score !== truth.scores[0] || d.participants[1].score !== truth.scores[1]) api.log.violate(`R8.13: corrected ${where(m)} shows ${d.participants[0].score}-${d.participants[1].score}, sent ${scoreText(truth)}`);
        if (d.status !== m.status) api.log.violate(`R8.13: a correction moved ${where(m)} from ${m.status} to ${d.status}`);
        state.truth.set(truthKey(m), truth);
        for (const id of [...res.body.data.resetMatchIds, ...res.body.data.removedMatchIds]) state.reports.delete(id);
        state.corrections++;
      }
      return `organizer corrects ${where(m)} to ${scoreText(truth)}${truth.winner ? ` won by ${name(truth.winner)}` : ''}${bodyText(body)} (${sent}) -> ${res.status}`;
    }
    case 'correctNotPlayed': {
      const m = rng.pick(notPlayed);
      const [a, b] = sidesOf(m);
      const winner = m.winnerId as string;
      const scores = [
        ...(a ? [{ participantId: a, score: a === winner ? 1 : 0 }] : []),
        ...(b ? [{ participantId: b, score: b === winner ? 1 : 0 }] : []),
      ];
      const res = await api.call('POST', `/matches/${m.id}/correct`, { token: owner.accessToken, body: { scores, winnerId: winner, reason }, expect: [400, 409] });
      if (res.status === 409 && res.body.error.code !== 'INVALID_TRANSITION') api.log.violate(`R8.13: correcting a ${m.resultType} is 409 ${res.body.error.code}, not INVALID_TRANSITION`);
      return `organizer corrects ${m.resultType} ${where(m)} (refused ${res.status})`;
    }
    case 'disqualify':
    case 'withdraw': {
      const candidates = action === 'withdraw' ? inPlay.filter((p) => p.status === 'ACTIVE') : inPlay;
      if (!candidates.length) return `${action}: nobody to ${action}`;
      const p = rng.pick(candidates);
      const byDelete = action === 'disqualify' && rng.chance(0.3);
      const target = action === 'withdraw' ? 'WITHDRAWN' : 'DISQUALIFIED';
      const res = byDelete
        ? await api.call('DELETE', `/tournaments/${tid}/participants/${p.id}`, { token: owner.accessToken, expect: [204] })
        : await api.call('PATCH', `/tournaments/${tid}/participants/${p.id}`, { token: owner.accessToken, body: { status: target }, expect: [200] });
      if (res.status < 300) {
        state.forfeits++;
        const after = await api.call('GET', `/tournaments/${tid}/participants/${p.id}`, { expect: [200] });
        if (after.body?.data?.status !== target) api.log.violate(`R6.6/R6.7: ${p.name} is ${after.body?.data?.status} after being made ${target}`);
      }
      return `organizer ${byDelete ? 'removes (disqualifies)' : target === 'WITHDRAWN' ? 'withdraws' : 'disqualifies'} ${p.name} (${p.status}${p.placementRange ? ` ${p.placementRange}` : ''})`;
    }
    case 'badStatusChange': {
      const p = rng.pick(inPlay);
      const target = p.status === 'ELIMINATED' ? rng.pick(['WITHDRAWN', 'REGISTERED', 'ACTIVE']) : rng.pick(['REGISTERED', 'CHECKED_IN', 'ELIMINATED']);
      const res = await api.call('PATCH', `/tournaments/${tid}/participants/${p.id}`, { token: owner.accessToken, body: { status: target }, expect: [400, 409] });
      if (res.status === 409 && res.body.error.code !== 'INVALID_TRANSITION') api.log.violate(`R6.6: ${p.status} to ${target} while ONGOING is 409 ${res.body.error.code}, not INVALID_TRANSITION`);
      return `organizer moves ${p.name} from ${p.status} to ${target} (refused ${res.status})`;
    }
    case 'removeOut': {
      const p = rng.pick(out);
      const res = await api.call('DELETE', `/tournaments/${tid}/participants/${p.id}`, { token: owner.accessToken, expect: [204] });
      if (res.status === 204) {
        const after = await api.call('GET', `/tournaments/${tid}/participants/${p.id}`, { expect: [200] });
        if (after.body?.data?.status !== p.status) api.log.violate(`R6.7: removing ${p.name}, already ${p.status}, made it ${after.body?.data?.status}`);
      }
      return `organizer removes ${p.name}, already ${p.status}`;
    }
    case 'disqualifyAfterEnd': {
      const p = rng.pick(stillIn);
      const res = await api.call('PATCH', `/tournaments/${tid}/participants/${p.id}`, { token: owner.accessToken, body: { status: 'DISQUALIFIED' }, expect: [409] });
      if (res.status === 409 && res.body.error.code !== 'INVALID_STATE') api.log.violate(`R6.6: a status change once COMPLETED is 409 ${res.body.error.code}, not INVALID_STATE`);
      return `organizer disqualifies ${p.name} after the end (refused)`;
    }
  }
  return action;
}

/** Checks a decided match against the result it was decided with. */
export function checkDecided(api: Api, m: any, truth: { winner: string | null; scores: readonly number[] | null }, status: string, what: string): void {
  if (m.status !== status) api.log.violate(`R8.8/R8.11: ${what}: status ${m.status}, expected ${status}`);
  if ((m.winnerId ?? null) !== (truth.winner ?? null)) api.log.violate(`R8.8/R8.11: ${what}: winner ${m.winnerId}, expected ${truth.winner}`);
  if (truth.scores && (m.participants[0].score !== truth.scores[0] || m.participants[1].score !== truth.scores[1])) api.log.violate(`R8.8/R8.11: ${what}: scores ${m.participants[0].score}-${m.participants[1].score}, expected ${truth.scores.join('-')}`);
  if (m.isDraw !== (truth.winner === null)) api.log.violate(`R8.8/R8.11: ${what}: isDraw ${m.isDraw}`);
}
