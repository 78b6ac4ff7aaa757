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
  /** Deletes the events of `id` numbered up to `seq` (the backlog trimmed, R28.3). */
  const prune = (id: string, seq: number) => events.set(id, (events.get(id) ?? []).filter((e) => e.seq > seq));
  /**
   * Holds the next cursor query of `id` until the returned function is called: the query reads the events when it
   * is released (a query in flight on a loaded database), and answers `after` it was asked with.
   */
  const hold = (id: string) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const after = source.after;
    source.after = async (tid, from, limit) => {
      if (tid !== id) return after(tid, from, limit);
      source.after = after;
      await held;
      return after(tid, from, limit);
    };
    return () => release();
  };
  return { source, add, prune, hold, queries: (id: string) => queries.get(id) ?? 0 };
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

  it('a stream resuming from an older event while a poll is in flight is sent every event after its own cursor', async () => {
    const { scheduler, advance } = manualScheduler();
    const db = countingSource();
    db.add('A', 5);
    const streams = new LiveStreams(db.source, { pollIntervalMs: 500, heartbeatMs: 60_000 }, createLogger('silent'), scheduler);
    const following = await streams.start('A', null, now); // follows from event 5
    const followingSeen = received(following.body);
    const release = db.hold('A');
    await advance(0); // the poll's query after event 5 is in flight
    db.add('A', 3); // events 6 to 8 are committed
    const resumed = await streams.start('A', 2, now); // resumes after event 2 while the query runs
    const resumedSeen = received(resumed.body);
    release();
    await advance(0);
    expect(followingSeen()).toEqual([6, 7, 8]);
    expect(resumedSeen()).toEqual([3, 4, 5, 6, 7, 8]);
    await advance(500);
    expect(followingSeen()).toEqual([6, 7, 8]);
    expect(resumedSeen()).toEqual([3, 4, 5, 6, 7, 8]);
    streams.closeAll();
  });

  it('sends stream.reset to a stream whose next events were deleted before its poll read them', async () => {
    const { scheduler, advance } = manualScheduler();
    const db = countingSource();
    db.add('A', 5);
    const streams = new LiveStreams(db.source, { pollIntervalMs: 500, heartbeatMs: 60_000 }, createLogger('silent'), scheduler);
    const behind = await streams.start('A', 2, now); // events 3 to 5 are still kept when it opens
    let text = '';
    behind.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    db.add('A', 3);
    db.prune('A', 5); // the backlog trimmed before the first poll
    await advance(0);
    const messages = [...text.matchAll(/^id: (\d+)\ndata: (.*)$/gm)].map((m) => JSON.parse(m[2]!) as { seq: number; type: string; data: unknown });
    expect(messages.map((m) => [m.seq, m.type])).toEqual([
      [5, 'stream.reset'],
      [6, 'match.completed'],
      [7, 'match.completed'],
      [8, 'match.completed'],
    ]);
    expect(messages[0]!.data).toEqual({ lastEventId: 2, resumeAfter: 5 });
    streams.closeAll();
  });
});
