import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, startServer } from '../src/index';
import { onPostgres } from './helpers/test-database';
import { runServerProcessUntilExit } from './helpers/server-process';

// R18.3: a port or host the server cannot listen on stops it at start with one line naming the setting (PORT, HOST),
// exit code 1, no stack trace, instead of Node's `listen EADDRINUSE: address already in use ...`. None needs a
// database server: they run in the SQLite run.
const NO_STACK = /^\s+at /m;
const SET_HOST = 'set HOST to an address of this machine, e.g. 127.0.0.1 or 0.0.0.0 (tourney server start: --host)';

let blocker: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  blocker = null;
});

/** Listens on a free loopback port, as another program would; returns the port. */
async function takePort(): Promise<number> {
  const server = createServer();
  blocker = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe.skipIf(onPostgres)('listen errors at start', () => {
  it('a PORT another program listens on: one line naming PORT, the port and the host, exit 1', async () => {
    const port = await takePort();
    const run = await runServerProcessUntilExit({ PORT: String(port), HOST: '127.0.0.1' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `tourney server failed to start: PORT ${port} is already in use on 127.0.0.1: stop what listens there, or choose another port with PORT (tourney server start: --port)`,
    );
    expect(run.stderr).not.toMatch(NO_STACK);
  });

  it('a HOST that does not resolve: one line naming HOST and its value, exit 1', async () => {
    const run = await runServerProcessUntilExit({ HOST: '256.1.1.1' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`tourney server failed to start: HOST "256.1.1.1" cannot be resolved to an address: ${SET_HOST}`);
    expect(run.stderr).not.toMatch(NO_STACK);
  });

  it('startServer options: a taken port, or an address of no interface of this machine, is a ConfigError', async () => {
    const port = await takePort();
    const taken = startServer({ databasePath: ':memory:', port, host: '127.0.0.1', logLevel: 'silent' });
    await expect(taken).rejects.toThrow(ConfigError);
    await expect(taken).rejects.toThrow(`PORT ${port} is already in use on 127.0.0.1: `);
    // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
    const elsewhere = startServer({ databasePath: ':memory:', port: 0, host: '192.0.2.1', logLevel: 'silent' });
    await expect(elsewhere).rejects.toThrow(new ConfigError(`HOST "192.0.2.1" is not an address of this machine: ${SET_HOST}`));
  });
});
