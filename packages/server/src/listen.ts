import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TourneyApp } from './app';
import { ConfigError } from './config-env';
import { API_PREFIX } from './http/router';

/** A listening server. */
export interface RunningServer {
  /** API root, e.g. `http://127.0.0.1:3000/api/v1`. */
  url: string;
  /** The bound TCP port (the chosen one when 0 was asked). */
  port: number;
  /**
   * Stops accepting connections at once, lets requests in flight finish (their responses carry `Connection: close`),
   * closes idle keep-alive connections, and resolves once every connection is closed. Requests still running after
   * the grace period (ListenOptions.shutdownGraceMs) have their connections cut (R22.3). Idempotent.
   */
  close(): Promise<void>;
}

/** Where to listen; defaults come from the app's config (port 0 picks a free port). */
export interface ListenOptions {
  port?: number;
  host?: string;
  /** Milliseconds close() lets requests in flight finish before cutting them (default config.shutdownTimeoutMs). */
  shutdownGraceMs?: number;
}

/** Where each setting is given, as the listen errors name it. */
const SET_PORT = 'choose another port with PORT (tourney server start: --port)';
const SET_HOST = 'set HOST to an address of this machine, e.g. 127.0.0.1 or 0.0.0.0 (tourney server start: --host)';

/**
 * Why the server cannot listen on `host`:`port`, as a one-line ConfigError naming the setting (R18.3): the port taken
 * or reserved, a host name that does not resolve, an address this machine does not have. Any other error is
 * returned as it is.
 */
export function listenFailure(error: unknown, port: number, host: string): unknown {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'EADDRINUSE':
      return new ConfigError(`PORT ${port} is already in use on ${host}: stop what listens there, or ${SET_PORT}`, { cause: error });
    case 'EACCES':
      return new ConfigError(`PORT ${port} may not be used on ${host} by this user (ports below 1024 need privileges): ${SET_PORT}`, { cause: error });
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new ConfigError(`HOST "${host}" cannot be resolved to an address: ${SET_HOST}`, { cause: error });
    case 'EADDRNOTAVAIL':
      return new ConfigError(`HOST "${host}" is not an address of this machine: ${SET_HOST}`, { cause: error });
    default:
      return error;
  }
}

/**
 * Starts an HTTP server for `app`; resolves once it listens.
 * @throws ConfigError when it cannot listen on the port or host asked, e.g. `PORT 3000 is already in use on
 * 127.0.0.1: ...` (listenFailure); Node's error for any other failure.
 */
export function listen(app: TourneyApp, options: ListenOptions = {}): Promise<RunningServer> {
  const port = options.port ?? app.deps.config.port;
  const host = options.host ?? app.deps.config.host;
  const graceMs = options.shutdownGraceMs ?? app.deps.config.shutdownTimeoutMs;
  const handle = app.callback();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // Its connection may now be idle (a response whose headers were sent before draining began kept it alive).
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    // A request arriving on a kept-alive connection while draining is served, and its connection closed after it.
    if (draining) res.shouldKeepAlive = false;
    void handle(req, res);
  });
  return new Promise((resolve, reject) => {
    const refuse = (error: unknown) => reject(listenFailure(error, port, host));
    server.once('error', refuse);
    server.listen(port, host, () => {
      server.off('error', refuse);
      const bound = (server.address() as AddressInfo).port;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      let closing: Promise<void> | undefined;
      resolve({
        url: `http://${urlHost}:${bound}${API_PREFIX}`,
        port: bound,
        close: () =>
          (closing ??= new Promise<void>((done, fail) => {
            app.liveStreams.closeAll();
            draining = true;
            for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
            const cut = setTimeout(() => server.closeAllConnections(), graceMs);
            cut.unref();
            server.close((error) => {
              clearTimeout(cut);
              if (error) fail(error);
              else done();
            });
            server.closeIdleConnections();
          })),
      });
    });
  });
}
