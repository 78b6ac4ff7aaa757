/**
 * Ending the live events (R28.4): `signal` ends the iteration even while a read is waiting on a stream that does not
 * see the abort itself. Node's fetch links a Request's signal to the fetch's own copy weakly, so after a garbage
 * collection an abort may never reach the stream; the iterator must not depend on it.
 */
import { describe, expect, it } from 'vitest';
import { liveEvents, type LiveEventsDeps } from '../src/live-events';

const event = (seq: number) => `id: ${seq}\ndata: ${JSON.stringify({ seq, type: 'match.completed', data: {}, createdAt: '2030-01-01T00:00:00Z' })}\n\n`;

/** Deps whose fetch answers one stream that sends `first`, then stays open and ignores every abort; counts fetches. */
function deafStream(first: string): { deps: LiveEventsDeps; fetches: () => number; cancelled: () => boolean } {
  let fetches = 0;
  let cancelled = false;
  const deps: LiveEventsDeps = {
    baseUrl: 'http://tourney.test/api/v1',
    credentials: { apiKey: null, accessToken: null },
    sleep: async () => {},
    fetch: () => async () => {
      fetches++;
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode(first)),
        cancel: () => {
          cancelled = true;
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    },
  };
  return { deps, fetches: () => fetches, cancelled: () => cancelled };
}

describe('liveEvents and its signal (R28.4)', () => {
  it('ends when the signal aborts during a read the stream itself never ends, cancelling the stream', async () => {
    const stream = deafStream(event(1));
    const controller = new AbortController();
    const seen: number[] = [];
    for await (const e of liveEvents(stream.deps, 't1', { signal: controller.signal })) {
      seen.push(e.seq);
      // The next read waits on a stream that never ends and never sees the abort.
      setTimeout(() => controller.abort(), 0);
    }
    expect(seen).toEqual([1]);
    expect(stream.cancelled()).toBe(true);
    expect(stream.fetches()).toBe(1);
  });

  it('does not read at all when the signal is already aborted', async () => {
    const stream = deafStream(event(1));
    const controller = new AbortController();
    controller.abort();
    const seen: number[] = [];
    for await (const e of liveEvents(stream.deps, 't1', { signal: controller.signal })) seen.push(e.seq);
    expect(seen).toEqual([]);
    expect(stream.fetches()).toBe(0);
  });

  it('resumes after the number the stream opened with when it drops before any event, with the SDK User-Agent', async () => {
    const seen: { lastEventId: string | null; userAgent: string | null }[] = [];
    const controller = new AbortController();
    const deps: LiveEventsDeps = {
      baseUrl: 'http://tourney.test/api/v1',
      credentials: { apiKey: null, accessToken: null },
      sleep: async () => {},
      userAgent: 'tourney-sdk/test',
      fetch: () => async (input) => {
        const request = input as Request;
        seen.push({ lastEventId: request.headers.get('last-event-id'), userAgent: request.headers.get('user-agent') });
        // The first connection opens as the server does (retry, an id line without data, the resume comment), then
        // drops before any event; the second sends event 13.
        const text = seen.length === 1 ? 'retry: 2000\nid: 12\n\n: resume after 12\n\n' : event(13);
        return new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
      },
    };
    const got: number[] = [];
    for await (const e of liveEvents(deps, 't1', { signal: controller.signal })) {
      got.push(e.seq);
      controller.abort();
    }
    expect(got).toEqual([13]);
    expect(seen).toEqual([
      { lastEventId: null, userAgent: 'tourney-sdk/test' },
      { lastEventId: '12', userAgent: 'tourney-sdk/test' },
    ]);
  });
});
