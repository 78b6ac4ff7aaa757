import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/contract-types';
import { createLogger } from '../src/logger';
import { LiveStreams, type LiveScheduler, type LiveSource } from '../src/http/live-streams';

/** A manual scheduler: timers run only when the test advances its clock (no wall-clock waits). */
function manualScheduler() {
  let now = 0;
  let pending: { at: number; fn: () => void }[] = [];
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  const scheduler: LiveScheduler = {
    schedule: (fn, ms) => {
      const timer = { at: now + ms, fn };
      pending.push(timer);
      return () => (pending = pending.filter((t) => t !== timer));
    },
    now: () => now,
  };
  /** Moves the clock by `ms`, running each timer due (and the reads they start) in order. */
  const advance = async (ms: number) => {
    const end = now + ms;
    await flush();
    for (;;) {
      const due = pending.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      pending = pending.filter((t) => t !== due);
      now = due.at;
      due.fn();
      await flush();
    }
    now = end;
  };
  return { scheduler, advance };
}

/** A live source over in-memory events that counts its cursor queries per tournament. */
function countingSource() {
  const events = new Map<string, LiveEvent[]>();
  const queries = new Map<string, number>();
  const source: LiveSource = {
    bounds: async (id) => {
      const list = events.get(id) ?? [];
      return { oldest: list[0]?.seq ?? 0, latest: list.at(-1)?.seq ?? 0 };
    },
    after: async (id, after, limit = 500) => {
      queries.set(id, (queries.get(id) ?? 0) + 1);
      return (events.get(id) ?? []).filter((e) => e.seq > after).slice(0, limit);
    },
  };
  const add = (id: string, count: number) => {
    const list = events.get(id) ?? [];
    for (let i = 0; i < count; i++) {
      list.push({ seq: list.length + 1, type: 'match.completed', tournamentId: id, data: {}, createdAt: '2026-01-01T00:00:00.000Z' });
    }
    events.set(id, list);
  };
  return { source, add, queries: (id: string) => queries.get(id) ?? 0 };
}

/** The SSE ids written to a stream body so far. */
function received(body: NodeJS.ReadableStream): () => number[] {
  let text = '';
  body.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => [...text.matchAll(/^id: (\d+)\ndata: /gm)].map((m) => Number(m[1]));
}

const now = () => '2026-01-01T00:00:00.000Z';

describe('live streams share one poller per tournament (R28.13)', () => {
  it('N subscribers of one tournament cause one query per poll interval, each resuming from its own Last-Event-ID', async () => {
    const { scheduler, advance } = manualScheduler();
    const db = countingSource();
    db.add('A', 3);
    const streams = new LiveStreams(db.source, { pollIntervalMs: 500, heartbeatMs: 60_000 }, createLogger('silent'), scheduler);
    const subscribers = await Promise.all([null, null, null, null, 1].map((last) => streams.start('A', last, now)));
    const other = await streams.start('B', null, now);
    const seen = subscribers.map((s) => received(s.body));
    expect(streams.size).toBe(6);
    expect(streams.pollerCount).toBe(2);

    await advance(0); // the first poll of each tournament
    expect(db.queries('A')).toBe(1);
    expect(db.queries('B')).toBe(1);
    expect(seen[4]!()).toEqual([2, 3]); // resumed after event 1
    expect(seen[0]!()).toEqual([]);

    await advance(500 * 4);
    expect(db.queries('A')).toBe(5);
    expect(db.queries('B')).toBe(5);

    db.add('A', 2);
    await advance(500);
    expect(db.queries('A')).toBe(6);
    for (const list of seen.slice(0, 4)) expect(list()).toEqual([4, 5]);
    expect(seen[4]!()).toEqual([2, 3, 4, 5]);

    // A late subscriber resuming from an older event joins the same poller and the same query.
    const late = await streams.start('A', 2, now);
    const lateSeen = received(late.body);
    await advance(500);
    expect(db.queries('A')).toBe(7);
    expect(db.queries('B')).toBe(7);
    expect(lateSeen()).toEqual([3, 4, 5]);
    expect(seen[0]!()).toEqual([4, 5]);

    // The poller stops when the last subscriber of its tournament leaves.
    for (const s of [...subscribers, late]) s.stop();
    expect(streams.pollerCount).toBe(1);
    await advance(500 * 3);
    expect(db.queries('A')).toBe(7);
    expect(db.queries('B')).toBe(10);
    other.stop();
    expect(streams.pollerCount).toBe(0);
    expect(streams.size).toBe(0);
  });

  it('reads a long backlog page by page in one poll and sends heartbeats after silence', async () => {
    const { scheduler, advance } = manualScheduler();
    const db = countingSource();
    db.add('A', 1200);
    const streams = new LiveStreams(db.source, { pollIntervalMs: 500, heartbeatMs: 1000 }, createLogger('silent'), scheduler);
    const stream = await streams.start('A', 0, now);
    let text = '';
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await advance(0);
    expect(db.queries('A')).toBe(3);
    expect([...text.matchAll(/^id: (\d+)\ndata: /gm)].length).toBe(1200);
    expect(text).not.toContain(': heartbeat');
    await advance(1000);
    expect(text).toContain(': heartbeat');
    streams.closeAll();
    expect(streams.pollerCount).toBe(0);
  });
});
