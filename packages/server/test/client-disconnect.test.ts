import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type TestServer } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';

// A live event stream (R28.1) closed by its client is no server fault: it is logged at debug level as the client
// going away, never as an unhandled error (which operators alert on).
describe('a client closing a live event stream', () => {
  let server: TestServer;
  const lines: Record<string, unknown>[] = [];
  let logged: () => void = () => {};

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        logged();
        done();
      },
    });
    server = await startTestServer({ logger: pino({ level: 'debug' }, sink) });
  });
  afterAll(async () => server?.close());

  it('is logged at debug level as the client going away, not as an unhandled error', async () => {
    const tenant = await createTenant(server);
    const t = await createTournament(server, tenant);
    await lifecycle(server, tenant, t.id, 'publish');
    const abort = new AbortController();
    const res = await fetch(`${server.url}/tournaments/${t.id}/events`, { signal: abort.signal, headers: { 'X-Request-Id': 'req-stream-gone' } });
    const reader = res.body!.getReader();
    await reader.read(); // the stream's opening lines
    abort.abort();
    // Bounded wait for the server to see the close: its log line for it comes in either form.
    const about = () => lines.filter((l) => l.requestId === 'req-stream-gone' && (l.msg === 'client went away' || l.msg === 'unhandled error'));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no log line about the closed stream: ${JSON.stringify(lines.slice(-5))}`)), 10_000);
      logged = () => {
        if (about().length === 0) return;
        clearTimeout(timer);
        resolve();
      };
      logged();
    });
    expect(about().map((l) => [l.msg, l.level])).toEqual([['client went away', 20]]);
  });
});
