import { PassThrough } from 'node:stream';
import type { Logger } from '../logger';
import type { LiveEvent } from '../contract-types';

/** What an SSE stream reads (the live event service's read side). */
export interface LiveSource {
  bounds(tournamentId: string): Promise<{ oldest: number; latest: number }>;
  after(tournamentId: string, after: number, limit?: number): Promise<LiveEvent[]>;
}

/** Timing of every stream: poll interval and heartbeat silence, milliseconds (config livePollIntervalMs, liveHeartbeatMs). */
export interface LiveStreamTiming {
  pollIntervalMs: number;
  heartbeatMs: number;
}

/**
 * The timers of the pollers (R28.13): `schedule(fn, ms)` runs `fn` once after `ms` milliseconds and returns a
 * cancel function; `now()` is the time in epoch milliseconds (heartbeat silence). Tests inject a manual one.
 */
export interface LiveScheduler {
  schedule(fn: () => void, ms: number): () => void;
  now(): number;
}

/** Node's timers and clock. */
export const systemLiveScheduler: LiveScheduler = {
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  now: () => Date.now(),
};

/** How many events one cursor query reads at most; a full page is followed by the next one in the same poll. */
const PAGE = 500;

/** One SSE message: `id` and `data` lines, a blank line. */
export function sseMessage(event: LiveEvent): string {
  return `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * One open stream: its body, the number of the last event it was sent, when it was last written to (epoch ms), and
 * the clock of its request (the `createdAt` of a `stream.reset` it is sent).
 */
interface Subscriber {
  body: PassThrough;
  cursor: number;
  lastWrite: number;
  stopped: boolean;
  now: () => string;
}

/**
 * The poller of one tournament in one process (R28.13): every `pollIntervalMs` one cursor query reads the events
 * after the lowest cursor of its subscribers, and each subscriber is sent those after its own cursor (so a stream
 * resumed from an older Last-Event-ID catches up within the same query). A query's answer goes only to the
 * subscribers whose cursor is at or past the cursor it read after: one that joined during the query with a lower
 * cursor is read for again in the same poll, so no stream skips an event (R28.3). When the first event answered is
 * not the one right after the cursor read from, the events between were deleted (the backlog, R28.3): the streams
 * that missed them are sent a `stream.reset` first. It is created by the first subscriber and stopped when the last
 * one leaves.
 */
class TournamentPoller {
  readonly subscribers = new Set<Subscriber>();
  private cancel: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly tournamentId: string,
    private readonly source: LiveSource,
    private readonly timing: LiveStreamTiming,
    private readonly scheduler: LiveScheduler,
    private readonly logger: Logger,
  ) {
    this.cancel = scheduler.schedule(() => void this.tick(), 0);
  }

  /** Stops polling (no subscriber left, or shutdown). */
  stop(): void {
    this.stopped = true;
    this.cancel?.();
  }

  private async tick(): Promise<void> {
    this.cancel = undefined;
    try {
      // The lowest cursor is read again after each query: a full page leaves more to read, and a subscriber that
      // joined while the query ran may be behind the cursor it read after.
      for (let from = this.lowestCursor(); Number.isFinite(from); from = this.lowestCursor()) {
        const events = await this.source.after(this.tournamentId, from, PAGE);
        if (this.stopped) return;
        this.deliver(from, events);
        if (events.length < PAGE && this.lowestCursor() >= from) break;
      }
      const now = this.scheduler.now();
      for (const subscriber of this.subscribers) {
        if (now - subscriber.lastWrite < this.timing.heartbeatMs) continue;
        subscriber.body.write(': heartbeat\n\n');
        subscriber.lastWrite = now;
      }
    } catch (error) {
      this.logger.warn({ err: error, tournamentId: this.tournamentId }, 'live event stream read failed');
    }
    if (!this.stopped) this.cancel = this.scheduler.schedule(() => void this.tick(), this.timing.pollIntervalMs);
  }

  /** The lowest cursor of the open subscribers (Infinity without one). */
  private lowestCursor(): number {
    let lowest = Infinity;
    for (const subscriber of this.subscribers) if (!subscriber.stopped && subscriber.cursor < lowest) lowest = subscriber.cursor;
    return lowest;
  }

  /**
   * Sends `events`, the answer of a query after event `from`, to each subscriber whose cursor is at or past `from`
   * (a lower one would miss the events between its cursor and `from`; the next query of the poll reads them). Events
   * are numbered without gaps (R28.2), so a first event after `from + 1` means those between were deleted: a
   * subscriber that had not received them gets a `stream.reset` resuming after the gap before the events.
   */
  private deliver(from: number, events: LiveEvent[]): void {
    if (events.length === 0) return;
    const now = this.scheduler.now();
    const resumeAfter = events[0]!.seq - 1;
    for (const subscriber of this.subscribers) {
      if (subscriber.stopped || subscriber.cursor < from) continue;
      const fresh = events.filter((event) => event.seq > subscriber.cursor);
      if (fresh.length === 0) continue;
      const reset =
        subscriber.cursor < resumeAfter
          ? sseMessage({
              seq: resumeAfter,
              type: 'stream.reset',
              tournamentId: this.tournamentId,
              data: { lastEventId: subscriber.cursor, resumeAfter },
              createdAt: subscriber.now(),
            })
          : '';
      subscriber.body.write(reset + fresh.map(sseMessage).join(''));
      subscriber.cursor = fresh[fresh.length - 1]!.seq;
      subscriber.lastWrite = now;
    }
  }
}

/**
 * The open live event streams of an app (R28.1 to R28.3, R28.13): the streams of one tournament share one poller,
 * which reads the database after their lowest cursor every `pollIntervalMs` and writes each stream the SSE messages
 * after its own cursor, with a `: heartbeat` comment after `heartbeatMs` of silence. `closeAll()` ends every stream
 * (server shutdown) so the HTTP server can close.
 */
export class LiveStreams {
  private readonly open = new Set<() => void>();
  private readonly pollers = new Map<string, TournamentPoller>();

  constructor(
    private readonly source: LiveSource,
    private readonly timing: LiveStreamTiming,
    private readonly logger: Logger,
    private readonly scheduler: LiveScheduler = systemLiveScheduler,
  ) {}

  /** How many streams are open. */
  get size(): number {
    return this.open.size;
  }

  /** How many tournaments are polled (one poller per tournament with an open stream, R28.13). */
  get pollerCount(): number {
    return this.pollers.size;
  }

  /**
   * Opens a stream of tournament `tournamentId` resuming after `lastEventId` (null: from the next change). When
   * events after `lastEventId` are no longer kept (or it is beyond the newest), the first message is `stream.reset`.
   * Returns the body to send; it ends when `closeAll()` runs or `stop` is called (the client went away).
   */
  async start(tournamentId: string, lastEventId: number | null, now: () => string): Promise<{ body: PassThrough; stop: () => void }> {
    const body = new PassThrough();
    const bounds = await this.source.bounds(tournamentId);
    let cursor = lastEventId ?? bounds.latest;
    // The stream opens with the number it resumes after (R28.4): an `id:` line without data sets EventSource's last
    // event id without an event, and the comment gives it to parsers that skip such lines (the SDK's), so that a
    // connection dropped before any event resumes from here instead of from the next change.
    let head = `retry: 2000\nid: ${cursor}\n\n: resume after ${cursor}\n\n`;
    const missed = lastEventId !== null && (lastEventId > bounds.latest || (bounds.oldest > 0 && lastEventId < bounds.oldest - 1));
    if (missed) {
      const resumeAt = lastEventId > bounds.latest ? bounds.latest : bounds.oldest - 1;
      head += sseMessage({ seq: resumeAt, type: 'stream.reset', tournamentId, data: { lastEventId, resumeAfter: resumeAt }, createdAt: now() });
      cursor = resumeAt;
    }
    body.write(head);
    const subscriber: Subscriber = { body, cursor, lastWrite: this.scheduler.now(), stopped: false, now };
    let poller = this.pollers.get(tournamentId);
    if (!poller) {
      poller = new TournamentPoller(tournamentId, this.source, this.timing, this.scheduler, this.logger);
      this.pollers.set(tournamentId, poller);
    }
    const shared = poller;
    shared.subscribers.add(subscriber);
    const stop = () => {
      if (subscriber.stopped) return;
      subscriber.stopped = true;
      this.open.delete(stop);
      shared.subscribers.delete(subscriber);
      if (shared.subscribers.size === 0) {
        shared.stop();
        if (this.pollers.get(tournamentId) === shared) this.pollers.delete(tournamentId);
      }
      body.end();
    };
    this.open.add(stop);
    return { body, stop };
  }

  /** Ends every open stream. */
  closeAll(): void {
    for (const stop of [...this.open]) stop();
  }
}
