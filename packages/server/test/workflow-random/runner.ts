/**
 * One run of the randomized workflow test: open the case's tournament, register its entries (a few withdrawn before
 * the start), start it, take the case's number of random actions checking every invariant after each, then play
 * whatever is left (confirming, resolving, reporting) until the tournament is COMPLETED, checking after each match.
 * The first step that breaks anything ends the run with an error naming the seed, the step and the steps before it.
 */
import type { TestServer, TestTenant, TestUser } from '../helpers/index';
import { openTournament } from '../tournaments-helpers';
import { checkDecided, randomAction, type RunState, type Truth } from './actions';
import { Api, RunLog, type Snapshot } from './api';
import { caseName, type WorkflowCase } from './cases';
import { bothSides, checkInvariants, sidesOf, type InvariantMemory } from './invariants';
import { Rng } from './rng';

/** How a run ended. */
export interface RunSummary {
  status: string;
  randomSteps: number;
  finishSteps: number;
  corrections: number;
  forfeits: number;
}

/** Matches the finish phase may play before the run counts as stuck. */
const FINISH_LIMIT = 400;
/** Step lines shown in a failure. */
const SHOWN_STEPS = 15;

/** The error of a failed run: the seed, where it broke, what broke and the steps that led there. */
export class WorkflowFailure extends Error {}

function failure(c: WorkflowCase, log: RunLog, at: string, problems: readonly string[]): WorkflowFailure {
  const last = log.steps.slice(-SHOWN_STEPS);
  return new WorkflowFailure(
    [
      `${caseName(c)}`,
      `broke at ${at}:`,
      ...problems.map((p) => `  - ${p}`),
      `last ${last.length} of ${log.steps.length} steps:`,
      ...last.map((s) => `  ${s}`),
      `replay: npx vitest run --typecheck.enabled=false packages/server/test/workflow-random.test.ts -t "seed ${c.seed}:"`,
    ].join('\n'),
  );
}

/** Players needed by a case: every member of every entry, plus one stranger. */
export const playersNeeded = (c: WorkflowCase): number => c.entries * (c.teamSize ?? 1) + 1;

export async function runCase(server: TestServer, tenant: TestTenant, players: readonly TestUser[], c: WorkflowCase): Promise<RunSummary> {
  const log = new RunLog();
  const rng = new Rng(c.seed);
  const api = new Api(server, log);
  let where = 'setup';
  const check = (at: string) => {
    if (log.violations.length) throw failure(c, log, at, log.violations);
  };
  try {
    const owner = tenant.owner;
    const pool = rng.shuffle(players.slice(0, playersNeeded(c)));
    const stranger = pool.pop()!;
    const teamSize = c.teamSize ?? 1;
    const maxParticipants = c.maxParticipants ?? c.entries;
    const t = await openTournament(server, tenant, { name: `Workflow seed ${c.seed}`, maxParticipants, stages: c.stages, ...(c.teamSize ? { teamSize } : {}) });
    const members = new Map<string, TestUser[]>();
    for (let i = 0; i < c.entries; i++) {
      const team = pool.slice(i * teamSize, (i + 1) * teamSize);
      const full = members.size >= maxParticipants;
      const res = await api.call('POST', `/tournaments/${t.id}/participate`, {
        token: team[0]!.accessToken,
        ...(c.teamSize ? { body: { team: { name: `Team ${i + 1}`, memberUserIds: team.map((u) => u.id) } } } : {}),
        expect: full ? [409] : [201],
      });
      if (full && res.status === 409 && res.body.error.code !== 'TOURNAMENT_FULL') log.violate(`R6.1: an entry past maxParticipants is 409 ${res.body.error.code}, not TOURNAMENT_FULL`);
      if (res.status === 201) members.set(res.body.data.id, team);
      log.steps.push(`#0 entry ${i + 1} (${team.length} user${team.length > 1 ? 's' : ''}) registers [${log.writes.join('; ')}]`);
      log.writes = [];
    }
    for (let k = 0; k < (c.withdrawBefore ?? 0); k++) {
      const [id, team] = rng.pick([...members.entries()]);
      await api.call('POST', `/tournaments/${t.id}/withdraw`, { token: rng.pick(team).accessToken, expect: [200] });
      members.delete(id);
      log.steps.push(`#0 an entry withdraws before the start [${log.writes.join('; ')}]`);
      log.writes = [];
    }
    check('registration');

    where = 'the start';
    const started = await api.call('POST', `/tournaments/${t.id}/start`, { token: owner.accessToken, expect: c.startRefused ? [409] : [200] });
    log.steps.push(`#0 start [${log.writes.join('; ')}]`);
    log.writes = [];
    if (c.startRefused) {
      // R7.14, R5.9: refused with the code, the tournament left as it was.
      if (started.status === 409 && started.body.error.code !== c.startRefused) log.violate(`R7.14: the start is 409 ${started.body.error.code}, not ${c.startRefused}: ${started.body.error.message}`);
      const after = await api.call('GET', `/tournaments/${t.id}`, { token: owner.accessToken, expect: [200] });
      if (after.body?.data?.status !== 'REGISTRATION_OPEN') log.violate(`R5.9: a refused start left the tournament ${after.body?.data?.status}`);
      const stages = await api.call('GET', `/tournaments/${t.id}/stages`, { expect: [200] });
      if (!stages.body?.data?.every((s: any) => s.status === 'PENDING')) log.violate(`R5.9: a refused start left stages ${stages.body?.data?.map((s: any) => s.status).join(', ')}`);
      check('the refused start');
      return { status: after.body.data.status, randomSteps: 0, finishSteps: 0, corrections: 0, forfeits: 0 };
    }
    check('the start');

    const state: RunState = {
      rng,
      api,
      tournamentId: t.id,
      owner,
      stranger,
      members,
      formats: new Map(c.stages.map((s, i) => [i + 1, s.format])),
      truth: new Map(),
      reports: new Map(),
      rescheduleFrom: server.clock.now().getTime() + 30 * 24 * 3600_000,
      lastAction: 'start',
      corrections: 0,
      forfeits: 0,
    };
    let snap = await api.snapshot(t.id, owner.accessToken);
    check('the first read');
    const memory: InvariantMemory = {
      entrants: new Set(snap!.participants.filter((p) => p.seed !== null && p.status === 'ACTIVE').map((p) => p.id as string)),
      stageCount: c.stages.length,
    };
    if (memory.entrants.size !== members.size) log.violate(`R5.10: ${memory.entrants.size} participants seeded and ACTIVE at the start, ${members.size} entries hold a place`);
    checkInvariants(memory, snap!, null, log, { correction: false });
    check('the start');

    // Random phase: the case's number of actions; after the tournament completes, a few more (corrections mostly).
    let randomSteps = 0;
    let afterEnd = -1;
    for (let step = 1; step <= c.steps; step++) {
      if (snap!.tournament.status === 'COMPLETED') {
        if (afterEnd < 0) afterEnd = rng.chance(0.5) ? 0 : rng.int(1, 3);
        if (afterEnd-- === 0) break;
      } else {
        afterEnd = -1;
      }
      where = `step ${step} (random)`;
      const description = await randomAction(state, snap!);
      if (description === null) break;
      randomSteps = step;
      log.steps.push(`#${step} ${description} [${log.writes.join('; ')}]`);
      log.writes = [];
      check(`step ${step} (random): the answer`);
      const next = await api.snapshot(t.id, owner.accessToken);
      check(`step ${step} (random): the reads`);
      checkInvariants(memory, next!, snap, log, { correction: state.lastAction.startsWith('correct') });
      check(`step ${step} (random)`);
      snap = next;
    }

    // Finish phase: play what is left, one match per step, until COMPLETED (R5.12: never stuck).
    let finishSteps = 0;
    while (snap!.tournament.status !== 'COMPLETED') {
      finishSteps++;
      const step = randomSteps + finishSteps;
      where = `step ${step} (finish)`;
      if (finishSteps > FINISH_LIMIT) throw failure(c, log, where, [`R5.12: still ${snap!.tournament.status} after ${FINISH_LIMIT} matches played to finish it`]);
      const description = await finishOne(state, snap!);
      if (description === null) throw failure(c, log, where, [`R5.12: ${snap!.tournament.status} with nothing left to play`]);
      log.steps.push(`#${step} ${description} [${log.writes.join('; ')}]`);
      log.writes = [];
      check(`${where}: the answer`);
      const next = await api.snapshot(t.id, owner.accessToken);
      check(`${where}: the reads`);
      checkInvariants(memory, next!, snap, log, { correction: false });
      check(where);
      snap = next;
    }
    return { status: snap!.tournament.status, randomSteps, finishSteps, corrections: state.corrections, forfeits: state.forfeits };
  } catch (error) {
    if (error instanceof WorkflowFailure) throw error;
    throw failure(c, log, where, [`threw: ${(error as Error).stack ?? String(error)}`]);
  }
}

/** Plays the first open match as plainly as possible: confirm a report, resolve a dispute, or report and confirm. */
async function finishOne(state: RunState, snap: Snapshot): Promise<string | null> {
  const { api, owner, rng } = state;
  const byId = new Map(snap.participants.map((p) => [p.id as string, p]));
  const name = (id: string | null) => (id ? (byId.get(id)?.name ?? id) : '-');
  const where = (m: any) => `s${m.stageNumber} ${m.bracket} r${m.round} #${m.number} (${name(m.participants[0].participantId)} v ${name(m.participants[1].participantId)})`;
  const m = snap.matches.find((x) => ['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED'].includes(x.status) && bothSides(x));
  if (!m) return null;
  const [a, b] = sidesOf(m) as [string, string];
  if (m.status === 'PENDING_RESULT') {
    await api.call('POST', `/matches/${m.id}/confirm`, { token: owner.accessToken, expect: [200] });
    return `finish: organizer confirms ${where(m)}`;
  }
  // The better seed wins 2-1 (or a best-of's games), a clear result for every format.
  const better = (m.participants[0].seed ?? 99) <= (m.participants[1].seed ?? 99) ? a : b;
  const need = Math.floor(m.bestOf / 2) + 1;
  const [ws, ls] = m.bestOf > 1 ? [need, need - 1] : [2, 1];
  const truth: Truth = { winner: better, scores: better === a ? [ws, ls] : [ls, ws] };
  const body = { winnerId: truth.winner, scores: [{ participantId: a, score: truth.scores[0] }, { participantId: b, score: truth.scores[1] }] };
  if (m.status === 'DISPUTED') {
    const res = await api.call('POST', `/matches/${m.id}/resolve`, { token: owner.accessToken, body: { ...body, reason: 'finishing the randomized workflow' }, expect: [200] });
    if (res.status === 200) checkDecided(api, res.body.data, truth, 'RESOLVED', `resolving ${where(m)}`);
    return `finish: organizer resolves ${where(m)}`;
  }
  const reporter = rng.pick([a, b]);
  const other = reporter === a ? b : a;
  const report = await api.call('POST', `/matches/${m.id}/report`, { token: state.members.get(reporter)![0]!.accessToken, body, expect: [200] });
  if (report.status !== 200) return `finish: report ${where(m)}`;
  const res = await api.call('POST', `/matches/${m.id}/confirm`, { token: state.members.get(other)![0]!.accessToken, expect: [200] });
  if (res.status === 200) checkDecided(api, res.body.data, truth, 'COMPLETED', `confirming ${where(m)}`);
  return `finish: ${name(reporter)} reports and ${name(other)} confirms ${where(m)} won by ${name(better)}`;
}
