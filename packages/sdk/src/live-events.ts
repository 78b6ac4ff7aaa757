import { createParser } from 'eventsource-parser';
import type { Credentials } from './credentials';
import { errorFromResponse, isTourneyError, networkError } from './errors';
import type { components } from './generated/schema';
import { rejectRedirects } from './redirects';
import type { FetchFn } from './retry';
import type { SleepFn } from './sleep';

/** One event of a tournament's live stream (the contract's `LiveEvent`). */
export type LiveEvent = components['schemas']['LiveEvent'];

/** Options of `client.events(tournamentId, options)`. */
export interface LiveEventsOptions {
  /** Resume after this event number (the `seq` of the last event seen); default: from the next change. */
  lastEventId?: number;
  /** Stops the iteration (the loop ends without an error). */
  signal?: AbortSignal;
  /** Milliseconds before reconnecting after the stream ended or a network or 5xx failure (default 1000). */
  reconnectDelayMs?: number;
}

/** What the stream needs from its client. */
export interface LiveEventsDeps {
  baseUrl: string;
  fetch: () => FetchFn;
  credentials: Credentials;
  sleep: SleepFn;
  /** The `User-Agent` to send (R19.2), undefined in browsers, which set their own. */
  userAgent?: string;
}

/** The comment a stream opens with: `: resume after N`, the event number it resumes after (R28.4). */
const RESUME_COMMENT = /^\s*resume after (\d+)\s*$/;

/**
 * The live events of a tournament (`GET /tournaments/{id}/events`, R28.1 to R28.3) as an async iterator: parses the
 * Server-Sent Events with eventsource-parser, and when the stream ends or the network fails reconnects with
 * `Last-Event-ID` set to the last event received (or, before any, to the number the stream said it resumes after),
 * so no event is missed or repeated. A 4xx answer (unknown or
 * private tournament, bad credentials) throws its TourneyError, a redirect `REDIRECT` without following it (R19.9);
 * `signal` ends the iteration, also while a read is
 * waiting (the reader is cancelled).
 */
export async function* liveEvents(deps: LiveEventsDeps, tournamentId: string, options: LiveEventsOptions = {}): AsyncGenerator<LiveEvent> {
  let lastEventId = options.lastEventId;
  const delay = options.reconnectDelayMs ?? 1000;
  const url = `${deps.baseUrl}/tournaments/${encodeURIComponent(tournamentId)}/events`;
  while (!options.signal?.aborted) {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (deps.credentials.apiKey !== null) headers['X-API-Key'] = deps.credentials.apiKey;
    if (deps.credentials.accessToken !== null) headers.Authorization = `Bearer ${deps.credentials.accessToken}`;
    if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
    if (deps.userAgent !== undefined) headers['User-Agent'] = deps.userAgent;
    const request = new Request(url, { headers, signal: options.signal, redirect: 'manual' });
    let response: Response;
    try {
      response = await rejectRedirects(deps.fetch())(request);
    } catch (error) {
      if (options.signal?.aborted) return;
      if (isTourneyError(error)) throw error;
      if (delay < 0) throw networkError(request, error);
      await deps.sleep(delay, options.signal).catch(() => undefined);
      continue;
    }
    if (!response.ok || !response.body) {
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status < 500) throw errorFromResponse(request, response, body);
      await deps.sleep(delay, options.signal).catch(() => undefined);
      continue;
    }
    const ready: LiveEvent[] = [];
    const parser = createParser({
      onEvent: (e) => ready.push(JSON.parse(e.data) as LiveEvent),
      // Before any event, the number the stream resumes after: a reconnect then misses nothing sent meanwhile.
      onComment: (comment) => {
        const resume = RESUME_COMMENT.exec(comment);
        if (resume && lastEventId === undefined) lastEventId = Number(resume[1]);
      },
    });
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    // `signal` ends a read in progress by cancelling the reader itself: the fetch's own copy of the signal can stop
    // following it once the Request object is garbage-collected (Node's fetch links them weakly), and the stream
    // would then stay open after the abort.
    const cancel = () => void reader.cancel().catch(() => undefined);
    options.signal?.addEventListener('abort', cancel, { once: true });
    if (options.signal?.aborted) cancel();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
        while (ready.length > 0) {
          const event = ready.shift()!;
          lastEventId = event.seq;
          yield event;
        }
      }
    } catch {
      if (options.signal?.aborted) return;
    } finally {
      options.signal?.removeEventListener('abort', cancel);
      reader.releaseLock();
      void response.body.cancel().catch(() => undefined);
    }
    if (options.signal?.aborted) return;
    await deps.sleep(delay, options.signal).catch(() => undefined);
  }
}
