import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDRAW_WINDOW_MS, redrawOnEvents } from '../src/bracket/redraw-on-events';
import { BASE } from './helpers/api-fixtures';
import { runCli, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';
import { buildSingleElimination, SIXTEEN_NAMES } from './fixtures/bracket-fixture';

/** A live event source the test feeds: `push` delivers events, the iterator ends when its signal aborts. */
function eventSource() {
  const queue: number[] = [];
  let wake: (() => void) | undefined;
  let next = 1;
  return {
    push(count = 1) {
      for (let i = 0; i < count; i++) queue.push(next++);
      wake?.();
    },
    async *events(signal: AbortSignal): AsyncGenerator<number> {
      while (!signal.aborted) {
        const event = queue.shift();
        if (event !== undefined) {
          yield event;
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        wake = undefined;
      }
    },
  };
}

/** A redraw that takes `ms` (fake time), counting calls and the most running at once. */
function slowRedraw(ms: number) {
  const stats = { calls: 0, running: 0, mostAtOnce: 0 };
  const redraw = async () => {
    stats.calls++;
    stats.running++;
    stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    stats.running--;
  };
  return { stats, redraw };
}

describe('redrawOnEvents (R28.12)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('coalesces a burst of events within the window into one redraw at its end', async () => {
    const source = eventSource();
    const { stats, redraw } = slowRedraw(50);
    let stop!: () => void;
    const watching = redrawOnEvents({ events: source.events, redraw, stop: new Promise<void>((resolve) => (stop = resolve)) });
    source.push(5);
    await vi.advanceTimersByTimeAsync(REDRAW_WINDOW_MS - 1);
    source.push(3); // still within the window
    await vi.advanceTimersByTimeAsync(0);
    expect(stats.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(stats.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * REDRAW_WINDOW_MS);
    expect(stats.calls).toBe(1);
    source.push(); // a later event: a redraw of its own
    await vi.advanceTimersByTimeAsync(REDRAW_WINDOW_MS + 50);
    expect(stats.calls).toBe(2);
    stop();
    await watching;
  });

  it('never runs two redraws at once: events during a redraw give one more after it', async () => {
    const source = eventSource();
    const { stats, redraw } = slowRedraw(1000);
    let stop!: () => void;
    const watching = redrawOnEvents({ events: source.events, redraw, stop: new Promise<void>((resolve) => (stop = resolve)) });
    source.push();
    await vi.advanceTimersByTimeAsync(REDRAW_WINDOW_MS + 10); // the redraw is running
    expect(stats.running).toBe(1);
    for (let i = 0; i < 4; i++) {
      source.push();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(stats.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000 + REDRAW_WINDOW_MS + 1000);
    expect(stats.calls).toBe(2);
    expect(stats.mostAtOnce).toBe(1);
    stop();
    await watching;
  });

  it('on stop drops a pending window, waits for a running redraw and resolves', async () => {
    const source = eventSource();
    const { stats, redraw } = slowRedraw(100);
    let stop!: () => void;
    const watching = redrawOnEvents({ events: source.events, redraw, stop: new Promise<void>((resolve) => (stop = resolve)) });
    source.push();
    await vi.advanceTimersByTimeAsync(REDRAW_WINDOW_MS / 2);
    stop();
    await vi.advanceTimersByTimeAsync(10 * REDRAW_WINDOW_MS);
    await expect(watching).resolves.toBeUndefined();
    expect(stats.calls).toBe(0);
  });

  it('ends with the error of a failed redraw, closing the events', async () => {
    const source = eventSource();
    let signal: AbortSignal | undefined;
    const watching = redrawOnEvents({
      events: (s) => {
        signal = s;
        return source.events(s);
      },
      redraw: () => Promise.reject(new Error('409 the tournament was reset')),
      stop: new Promise<void>(() => {}),
    });
    const outcome = expect(watching).rejects.toThrow('409 the tournament was reset');
    source.push(2);
    await vi.advanceTimersByTimeAsync(REDRAW_WINDOW_MS);
    await outcome;
    expect(signal?.aborted).toBe(true);
  });
});

describe('tourney bracket --watch', () => {
  const server = useMswServer();
  let dir: { path: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => dir.cleanup());

  it('fetches and draws once for a burst of live events (a round completing), then stops on SIGINT', async () => {
    const bracket = buildSingleElimination(SIXTEEN_NAMES, { thirdPlace: true });
    let fetches = 0;
    let stop!: (signal: string) => void;
    const stopped = new Promise<string>((resolve) => (stop = resolve));
    server.use(
      http.get(`${BASE}/tournaments/t1/bracket`, () => {
        fetches++;
        // After the redraw of the burst, wait longer than a window: no further fetch may come.
        if (fetches === 2) setTimeout(() => stop('SIGINT'), 2 * REDRAW_WINDOW_MS);
        return HttpResponse.json({ success: true, data: bracket });
      }),
      http.get(`${BASE}/tournaments/t1/events`, ({ request }) => {
        const burst = Array.from({ length: 8 }, (_, i) => `id: ${i + 1}\ndata: ${JSON.stringify({ seq: i + 1, type: 'match.completed' })}\n\n`).join('');
        const stream = new ReadableStream<Uint8Array>({
          // Stays open until the CLI aborts the request, as a live stream does.
          start: (controller) => {
            controller.enqueue(new TextEncoder().encode(burst));
            request.signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')), { once: true });
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const result = await runCli(['bracket', 't1', '--watch', '--base-url', BASE], {
      configDir: dir.path,
      deps: { waitForShutdown: () => stopped },
    });
    expect(result.code).toBe(0);
    expect(fetches).toBe(2); // the first drawing, then one for the 8 events
    expect(result.out.split('Champion: alice').length - 1).toBe(2);
  }, 10_000);
});
