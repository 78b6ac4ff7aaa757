import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTourneyClient, isTourneyError, verifyWebhook, type Match, type TourneyClient } from '@tourney/sdk';
import { type StartedServer } from '@tourney/server';
import { startServerOnTestDatabase } from '../../packages/server/test/helpers/server';
import { operationHandlers } from '../../packages/server/src/routes/index';
import { openapiDocument } from '../../packages/server/src/http/openapi';
import { payloadErrors, startReceiver, type ReceivedWebhook, type TestReceiver } from '../../packages/server/test/webhooks-helpers';
import { webhookServerOptions } from '../helpers/cli';

// Every event the server emits reaches a real receiver on 127.0.0.1 through the running dispatcher (system clock),
// signed so that both the SDK's verifyWebhook and the reference `standardwebhooks` package accept it, with a payload
// valid against the contract's WebhookEvent schema. The features are driven over HTTP with the SDK.
let server: StartedServer;
let receiver: TestReceiver;
let organizer: TourneyClient;
let ownerClient: TourneyClient;
let anonymous: TourneyClient;
const players: { id: string; client: TourneyClient }[] = [];
const password = 'a long enough password';

beforeAll(async () => {
  server = await startServerOnTestDatabase({ port: 0, logLevel: 'silent', validateResponses: true, ...webhookServerOptions });
  receiver = await startReceiver();
  anonymous = createTourneyClient({ baseUrl: server.url });
  const register = async (username: string) => {
    const client = createTourneyClient({ baseUrl: server.url });
    const res = await client.POST('/auth/register', { body: { username, email: `${username}@example.test`, password } });
    client.setAccessToken(res.data.accessToken);
    return { id: res.data.user.id, client };
  };
  const owner = await register('hooks_org');
  ownerClient = owner.client;
  const org = await owner.client.POST('/organizations', { body: { name: 'Hooks League' } });
  const project = await owner.client.POST('/organizations/{id}/projects', { params: { path: { id: org.data.id } }, body: { name: 'Live', plan: 'PRO' } });
  const key = await owner.client.POST('/developer/api-keys', {
    body: {
      name: 'integration',
      projectId: project.data.id,
      scopes: ['manage:tournaments', 'manage:webhooks', 'manage:circuits', 'read:circuits', 'anticheat:session.write', 'anticheat:detections.read'],
    },
  });
  organizer = createTourneyClient({ baseUrl: server.url, apiKey: key.data.key });
  for (const name of ['ada', 'bo', 'cy', 'di']) players.push(await register(`hooks_${name}`));
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** Every match of a tournament (all pages). */
async function schedule(id: string): Promise<Match[]> {
  const out: Match[] = [];
  for await (const m of anonymous.paginate('/tournaments/{id}/schedule', { params: { path: { id } } })) out.push(m);
  return out;
}

/** Creates, publishes and opens a 2..4-player single elimination; the players join (and check in when asked). */
async function openTournament(name: string, entrants: typeof players, checkIn: boolean) {
  const t = await organizer.POST('/tournaments', {
    body: { name, disciplineId: 'chess', maxParticipants: 4, startDate: '2030-06-01T12:00:00Z', stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION' }] },
  });
  const id = t.data.id;
  await organizer.POST('/tournaments/{id}/publish', { params: { path: { id } } });
  await organizer.POST('/tournaments/{id}/registration/open', { params: { path: { id } } });
  const playerOf = new Map<string, (typeof players)[number]>();
  for (const p of entrants) {
    const joined = await p.client.POST('/tournaments/{id}/participate', { params: { path: { id } }, body: {} });
    playerOf.set(joined.data.id, p);
    if (checkIn) await p.client.POST('/tournaments/{id}/checkin', { params: { path: { id } } });
  }
  return { id, playerOf };
}

/** Received requests whose path is `path`. */
const at = (path: string): ReceivedWebhook[] => receiver.received.filter((r) => r.path === path);

/** Waits until the receiver holds at least one event of each type at `path` (checked at each arrival). */
async function waitForTypes(path: string, types: ReadonlySet<string>, timeoutMs = 15_000): Promise<void> {
  const missing = () => {
    const got = new Set(at(path).map((r) => JSON.parse(r.body).type as string));
    return [...types].filter((t) => !got.has(t));
  };
  await receiver.waitUntil(() => missing().length === 0, `delivery at ${path} of ${[...types].join(', ')}`, timeoutMs).catch((error: unknown) => {
    throw new Error(`no delivery of ${missing().join(', ')} within ${timeoutMs} ms`, { cause: error });
  });
}

describe('webhook events end to end', () => {
  it('delivers every emitted event type, signed and valid, to each subscription that selects it', async () => {
    const all = await organizer.POST('/developer/webhooks', { body: { url: receiver.url('/all'), events: ['*'] } });
    const completedOnly = await organizer.POST('/developer/webhooks', { body: { url: receiver.url('/completed'), events: ['match.completed'] } });
    const triggered = new Set<string>();

    // Tournament, participants and matches.
    const { id, playerOf } = await openTournament('Hooked Cup', players, true);
    await organizer.POST('/tournaments/{id}/registration/close', { params: { path: { id } } });
    await organizer.POST('/tournaments/{id}/start', { params: { path: { id } } });
    let first = true;
    /** Plays every match whose sides are known, slot 1 winning, until none is left. */
    const playReady = async () => {
      for (let pass = 0; pass < 10; pass++) {
        const ready = (await schedule(id)).filter((m) => m.status === 'SCHEDULED' && m.participants[0]?.participantId && m.participants[1]?.participantId);
        if (ready.length === 0) break;
        for (const m of ready) {
          const [winner, loser] = [m.participants[0]!.participantId!, m.participants[1]!.participantId!];
          if (first) {
            await playerOf.get(winner)!.client.POST('/matches/{id}/start', { params: { path: { id: m.id } } });
            first = false;
          }
          await playerOf.get(winner)!.client.POST('/matches/{id}/report', {
            params: { path: { id: m.id } },
            body: { winnerId: winner, scores: [{ participantId: winner, score: 2 }, { participantId: loser, score: 0 }] },
          });
          await playerOf.get(loser)!.client.POST('/matches/{id}/confirm', { params: { path: { id: m.id } } });
        }
      }
    };
    await playReady();
    expect((await anonymous.GET('/tournaments/{id}', { params: { path: { id } } })).data.status).toBe('COMPLETED');
    // A semi-final corrected after the end (R8.13): its winner changes, the played final is reset with cascade and the
    // tournament reopens; the final is played again.
    const semi = (await schedule(id)).find((m) => m.round === 1)!;
    const [s1, s2] = [semi.participants[0]!.participantId!, semi.participants[1]!.participantId!];
    const corrected = await ownerClient.POST('/matches/{id}/correct', {
      params: { path: { id: semi.id } },
      body: { winnerId: s2, scores: [{ participantId: s1, score: 0 }, { participantId: s2, score: 2 }], reason: 'sheets swapped', cascade: true },
    });
    expect(corrected.data.match.winnerId).toBe(s2);
    expect((await anonymous.GET('/tournaments/{id}', { params: { path: { id } } })).data.status).toBe('ONGOING');
    await playReady();
    expect((await anonymous.GET('/tournaments/{id}', { params: { path: { id } } })).data.status).toBe('COMPLETED');
    triggered.add('tournament.reopened');
    triggered.add('match.result_corrected');
    triggered.add('match.reset');
    for (const t of [
      'tournament.published', 'tournament.registration_opened', 'tournament.registration_closed', 'tournament.started',
      'tournament.completed', 'participant.registered', 'participant.checked_in', 'match.started', 'match.score_reported',
      'match.completed',
    ]) triggered.add(t);

    // Settings changed, a full tournament's waitlist joined and a registration removed before the start, its place
    // going to the waiting entry (R11.11, R11.12, R6.14).
    const early = await openTournament('Early Cup', players.slice(0, 2), false);
    await organizer.PUT('/tournaments/{id}', {
      params: { path: { id: early.id } },
      body: { name: 'Early Cup, renamed', startDate: '2030-06-02T12:00:00Z', maxParticipants: 2, waitlistCapacity: 1 },
    });
    const waiting = await players[2]!.client.POST('/tournaments/{id}/participate', { params: { path: { id: early.id } }, body: {} });
    expect(waiting.data.status).toBe('WAITLISTED');
    await organizer.DELETE('/tournaments/{id}/participants/{pid}', { params: { path: { id: early.id, pid: [...early.playerOf.keys()][0]! } } });
    const promoted = await anonymous.GET('/tournaments/{id}/participants/{pid}', { params: { path: { id: early.id, pid: waiting.data.id } } });
    expect(promoted.data.status).toBe('REGISTERED');
    for (const t of ['tournament.updated', 'participant.waitlisted', 'participant.removed']) triggered.add(t);

    // The match workflow (R8.6 to R8.19): reschedule, dispute, resolution, correction with cascade, disqualification
    // and withdrawal (the owner's bearer token: match writes take no API key).
    if (operationHandlers.disputeMatchResult) {
      const cup = await openTournament('Disputed Cup', players, false);
      await organizer.POST('/tournaments/{id}/start', { params: { path: { id: cup.id } } });
      const [s1, s2, final] = await schedule(cup.id);
      await ownerClient.POST('/matches/{id}/reschedule', { params: { path: { id: final!.id } }, body: { scheduledAt: '2031-01-01T18:00:00Z' } });
      const sides = (m: Match) => [m.participants[0]!.participantId!, m.participants[1]!.participantId!] as const;
      const [a, b] = sides(s1!);
      const score = (x: number, y: number) => [{ participantId: a, score: x }, { participantId: b, score: y }];
      await cup.playerOf.get(a)!.client.POST('/matches/{id}/report', { params: { path: { id: s1!.id } }, body: { winnerId: a, scores: score(2, 1) } });
      await cup.playerOf.get(b)!.client.POST('/matches/{id}/dispute', { params: { path: { id: s1!.id } }, body: { reason: 'the score was 1-2' } });
      await ownerClient.POST('/matches/{id}/resolve', { params: { path: { id: s1!.id } }, body: { winnerId: b, scores: score(1, 2), reason: 'replay checked' } });
      const [c, d] = sides(s2!);
      await cup.playerOf.get(c)!.client.POST('/matches/{id}/report', {
        params: { path: { id: s2!.id } },
        body: { winnerId: c, scores: [{ participantId: c, score: 2 }, { participantId: d, score: 0 }] },
      });
      await cup.playerOf.get(d)!.client.POST('/matches/{id}/confirm', { params: { path: { id: s2!.id } } });
      await ownerClient.POST('/matches/{id}/start', { params: { path: { id: final!.id } } });
      await ownerClient.POST('/matches/{id}/correct', {
        params: { path: { id: s1!.id } },
        body: { winnerId: a, scores: score(2, 0), reason: 'the replay was of another game', cascade: true },
      });
      await organizer.DELETE('/tournaments/{id}/participants/{pid}', { params: { path: { id: cup.id, pid: d } } });
      await organizer.PATCH('/tournaments/{id}/participants/{pid}', { params: { path: { id: cup.id, pid: a } }, body: { status: 'WITHDRAWN' } });
      expect((await anonymous.GET('/tournaments/{id}', { params: { path: { id: cup.id } } })).data.status).toBe('COMPLETED');
      for (const t of [
        'match.rescheduled', 'match.disputed', 'match.resolved', 'match.result_corrected', 'match.reset',
        'participant.disqualified', 'participant.withdrawn',
      ]) triggered.add(t);
    }

    // A circuit season (R9.7, R9.13).
    const circuit = await organizer.POST('/circuits', { body: { name: 'Hooked Tour', disciplineId: 'chess' } });
    const cid = circuit.data.id;
    await organizer.POST('/circuits/{id}/seasons', {
      params: { path: { id: cid } },
      body: { name: '2030', startDate: '2030-01-01', endDate: '2030-12-31', scoring: { strategy: 'PLACEMENT', placements: { '1': 100, '2': 60 } } },
    });
    await organizer.POST('/circuits/{id}/start', { params: { path: { id: cid } } });
    await organizer.POST('/circuits/{id}/tournaments/{tid}/classify', { params: { path: { id: cid, tid: id } } });
    await organizer.POST('/circuits/{id}/complete', { params: { path: { id: cid } } });
    for (const t of ['circuit.season_started', 'circuit.standings_updated', 'circuit.season_ended']) triggered.add(t);

    // A player deletes their account once every tournament is over (R14.8): each entry records participant.anonymized.
    await players[3]!.client.DELETE('/users/me', { body: { password } });
    triggered.add('participant.anonymized');

    // An anti-cheat session with a detection (R12.4, R12.7).
    for (const p of players.slice(0, 2)) await organizer.POST('/anti-cheat/clients', { body: { userId: p.id } });
    const session = await organizer.POST('/anti-cheat/sessions', {
      body: { game: 'cs2', participants: players.slice(0, 2).map((p) => ({ userId: p.id })) },
    });
    const sessionId = session.data.sessionId;
    const raised = await organizer.POST('/anti-cheat/sessions/{sessionId}/detections', {
      params: { path: { sessionId } },
      body: { userId: players[1]!.id, rule: 'aim.snap_angle', severity: 'HIGH' },
    });
    await organizer.POST('/anti-cheat/detections/{id}/verdict', { params: { path: { id: raised.data.id } }, body: { verdict: 'INCONCLUSIVE' } });
    await organizer.POST('/anti-cheat/sessions/{sessionId}/end', { params: { path: { sessionId } }, body: { reason: 'match over' } });
    for (const t of ['anticheat.detection_raised', 'anticheat.verdict_recorded', 'anticheat.session_completed']) triggered.add(t);

    await waitForTypes('/all', triggered);
    const everyType = (openapiDocument.components!.schemas!.WebhookEventType as { enum: string[] }).enum;
    const received = at('/all');
    const receivedTypes = new Set(received.map((r) => JSON.parse(r.body).type as string));
    expect([...receivedTypes].sort()).toEqual([...triggered].sort());
    // What the contract lists but no feature emits yet (the match workflow events, in a build without its handlers).
    const workflow = ['participant.disqualified', 'participant.withdrawn', 'match.disputed', 'match.resolved', 'match.result_corrected', 'match.reset', 'match.rescheduled'];
    expect(everyType.filter((t) => !receivedTypes.has(t))).toEqual(operationHandlers.disputeMatchResult ? [] : workflow);

    const reference = new Webhook(all.data.secret);
    const ids = new Set<string>();
    for (const r of received) {
      const headers = r.headers as Record<string, string>;
      const event = await verifyWebhook(r.body, headers, all.data.secret);
      expect(reference.verify(r.body, headers)).toEqual(event);
      expect(payloadErrors(r.body), `${event.type}: ${r.body}`).toBe('');
      expect(headers['webhook-id']).toBe(event.id);
      ids.add(event.id);
    }
    expect(ids.size).toBe(received.length); // each event once

    // The match.completed-only subscription got exactly those, under the same event ids, signed with its own secret.
    const completedIds = received.filter((r) => JSON.parse(r.body).type === 'match.completed').map((r) => r.headers['webhook-id']);
    await receiver.waitUntil(() => at('/completed').length >= completedIds.length, `${completedIds.length} deliveries at /completed`);
    const filtered = at('/completed');
    expect(filtered.map((r) => r.headers['webhook-id']).sort()).toEqual([...completedIds].sort());
    for (const r of filtered) {
      await expect(verifyWebhook(r.body, r.headers as Record<string, string>, completedOnly.data.secret)).resolves.toMatchObject({ type: 'match.completed' });
      await expect(verifyWebhook(r.body, r.headers as Record<string, string>, all.data.secret)).rejects.toMatchObject({ code: 'NO_MATCHING_SIGNATURE' });
    }

    // A tampered body fails verification in both implementations.
    const sample = received.find((r) => JSON.parse(r.body).type === 'match.completed')!;
    const tampered = sample.body.replace(/"winnerId":"[^"]+"/, `"winnerId":"${players[3]!.id}"`);
    expect(tampered).not.toBe(sample.body);
    await expect(verifyWebhook(tampered, sample.headers as Record<string, string>, all.data.secret)).rejects.toMatchObject({ code: 'NO_MATCHING_SIGNATURE' });
    expect(() => reference.verify(tampered, sample.headers as Record<string, string>)).toThrow();

    // The delivery log shows each of them delivered at the first attempt.
    const log = [];
    for await (const d of organizer.paginate('/developer/webhooks/{id}/deliveries', { params: { path: { id: all.data.id }, query: { limit: 100 } } })) log.push(d);
    expect(log).toHaveLength(received.length);
    expect(log.every((d) => d.status === 'SUCCEEDED' && d.attemptCount === 1 && d.attempts[0]!.statusCode === 204)).toBe(true);
  });

  it('refuses a private-address URL when the server does not allow them', async () => {
    const strict = await startServerOnTestDatabase({ port: 0, logLevel: 'silent', webhookDispatcher: false });
    try {
      const client = createTourneyClient({ baseUrl: strict.url });
      const reg = await client.POST('/auth/register', { body: { username: 'strict_org', email: 'strict@example.test', password } });
      client.setAccessToken(reg.data.accessToken);
      const org = await client.POST('/organizations', { body: { name: 'Strict' } });
      const project = await client.POST('/organizations/{id}/projects', { params: { path: { id: org.data.id } }, body: { name: 'P' } });
      const error = await client
        .POST('/developer/webhooks', { body: { url: receiver.url('/all'), events: ['*'], projectId: project.data.id } })
        .catch((e: unknown) => e);
      expect(isTourneyError(error)).toBe(true);
      if (!isTourneyError(error)) return;
      expect(error.status).toBe(400);
      expect(error.details?.[0]?.path).toBe('body.url');
      expect(error.message).toMatch(/127\.0\.0\.1, a private, loopback or link-local address/);
    } finally {
      await strict.close();
    }
  });
});
