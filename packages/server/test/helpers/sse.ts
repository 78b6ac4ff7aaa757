import { createParser } from 'eventsource-parser';

/** One received SSE message: its id and parsed JSON data (a LiveEvent). */
export interface ReceivedEvent {
  id: string | undefined;
  data: any;
}

/** An open SSE subscription of a test: what arrived so far, waiters, and close. */
export interface SseSubscription {
  status: number;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves once `predicate` holds for the received events (checked on each arrival); rejects after `timeoutMs`. */
  until(predicate: (events: ReceivedEvent[], comments: string[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * Opens `GET <apiRoot>/tournaments/{id}/events` with fetch and parses the stream with eventsource-parser (for the
 * live event tests). `headers` may carry Authorization or Last-Event-ID. A non-200 answer resolves with its status
 * and no events.
 */
export async function subscribe(apiRoot: string, tournamentId: string, headers: Record<string, string> = {}, query = ''): Promise<SseSubscription> {
  const abort = new AbortController();
  const res = await fetch(`${apiRoot}/tournaments/${tournamentId}/events${query}`, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  if (res.status === 200 && res.body) {
    const parser = createParser({
      onEvent: (e) => {
        events.push({ id: e.id, data: JSON.parse(e.data) });
        notify();
      },
      onComment: (c) => {
        comments.push(c.trim());
        notify();
      },
    });
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // aborted by close()
      }
    })();
  } else {
    await res.body?.cancel();
  }
  return {
    status: res.status,
    events,
    comments,
    until: (predicate, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(events, comments)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SSE condition not met within ${timeoutMs} ms; received ${JSON.stringify(events.map((e) => [e.id, e.data.type]))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}
