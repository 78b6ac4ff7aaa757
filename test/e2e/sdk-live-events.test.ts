import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTourneyClient, isTourneyError, type LiveEvent } from '@tourney/sdk';
import { createTenant, registerUser, startTestServer, type TestServer } from '../../packages/server/test/helpers/index';
import { betterSeedWins, playDecided, startWithStages } from '../../packages/server/test/formats-helpers';
import { allMatches } from '../../packages/server/test/tournaments-helpers';

// The SDK's tourney.events(): an async iterator over the live stream that reconnects with Last-Event-ID (R28.4).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ livePollIntervalMs: 20 });
});

afterAll(async () => {
  await server?.close();
});

describe('tourney.events(tournamentId)', () => {
  it('misses nothing when the first connection drops before any event: it resumes after the number the stream opened with', async () => {
    const tenant = await createTenant(server);
    const players = [];
    for (let i = 0; i < 4; i++) players.push(await registerUser(server));
    const t = await startWithStages(server, tenant, players, [{ name: 'Playoffs', format: 'SINGLE_ELIMINATION' }]);
    const [m1] = (await allMatches(server, t.id)).filter((m) => m.participants[1].participantId);
    // The first connection ends right after the stream's opening lines, before any event.
    const sentIds: (string | null)[] = [];
    const cutAfterOpening = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      sentIds.push(request.headers.get('last-event-id'));
      const response = await fetch(request);
      if (sentIds.length > 1 || !response.body) return response;
      const reader = response.body.getReader();
      let text = '';
      while (!text.includes('resume after')) text += new TextDecoder().decode((await reader.read()).value);
      void reader.cancel();
      return new Response(text, { status: response.status, headers: response.headers });
    };
    // While the SDK waits to reconnect, a match is reported and confirmed: its events must still arrive.
    let played: Promise<unknown> = Promise.resolve();
    const sleep = async () => {
      played = playDecided(server, m1!, t.byParticipant, betterSeedWins(m1!));
      await played;
    };
    const client = createTourneyClient({ baseUrl: server.url, fetch: cutAfterOpening as typeof fetch, sleep });
    const abort = new AbortController();
    const received: LiveEvent[] = [];
    for await (const event of client.events(t.id, { signal: abort.signal, reconnectDelayMs: 10 })) {
      received.push(event);
      if (event.type === 'match.completed') break;
    }
    abort.abort();
    expect(received.map((e) => e.type)).toEqual(['match.score_reported', 'match.completed']);
    expect(sentIds[0]).toBeNull();
    expect(Number(sentIds[1])).toBe(received[0]!.seq - 1);
  });

  it('yields every event in order across a dropped connection, resuming with Last-Event-ID', async () => {
    const tenant = await createTenant(server);
    const players = [];
    for (let i = 0; i < 4; i++) players.push(await registerUser(server));
    const t = await startWithStages(server, tenant, players, [{ name: 'Playoffs', format: 'DOUBLE_ELIMINATION' }]);
    const [m1, m2] = (await allMatches(server, t.id)).filter((m) => m.participants[1].participantId);

    // The first connection is cut right after its first chunk holding an event, as a dropped network would.
    const sentIds: (string | null)[] = [];
    let opened!: () => void;
    const firstOpen = new Promise<void>((resolve) => (opened = resolve));
    const cuttingFetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      sentIds.push(request.headers.get('last-event-id'));
      const response = await fetch(request);
      opened();
      if (sentIds.length > 1 || !response.body) return response;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          if (new TextDecoder().decode(value).includes('data: ')) {
            controller.close();
            void reader.cancel();
          }
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const client = createTourneyClient({ baseUrl: server.url, fetch: cuttingFetch as typeof fetch, sleep: async () => {} });
    const abort = new AbortController();
    const received: LiveEvent[] = [];
    let m1Played: Promise<unknown> = Promise.resolve();
    const iterating = (async () => {
      for await (const event of client.events(t.id, { signal: abort.signal, reconnectDelayMs: 10 })) {
        received.push(event);
        if (received.length === 1) {
          await m1Played; // m1 reported and confirmed before m2 starts, so the four events come in this order
          await playDecided(server, m2, t.byParticipant, betterSeedWins(m2));
        }
        if (event.type === 'match.completed' && event.data.matchId === m2.id) break;
      }
    })();
    await firstOpen; // the stream's cursor is set once its answer has started
    m1Played = playDecided(server, m1, t.byParticipant, betterSeedWins(m1));
    await m1Played;
    await iterating;
    abort.abort();
    const seqs = received.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(received.map((e) => e.type)).toEqual(['match.score_reported', 'match.completed', 'match.score_reported', 'match.completed']);
    expect(sentIds.length).toBeGreaterThanOrEqual(2);
    expect(sentIds[0]).toBeNull();
    expect(Number(sentIds[1])).toBeGreaterThanOrEqual(seqs[0]!);
  });

  it('throws the TourneyError of a 404 for a tournament that is not public', async () => {
    const client = createTourneyClient({ baseUrl: server.url });
    const error = await (async () => {
      for await (const _ of client.events('0190f7a1-7c3e-7000-8000-000000000001')) return null;
      return null;
    })().catch((e: unknown) => e);
    expect(isTourneyError(error) && error.status === 404 && error.code === 'NOT_FOUND').toBe(true);
  });
});
