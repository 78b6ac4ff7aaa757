import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TourneyApp } from './app';
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

/** Starts an HTTP server for `app`; resolves once it listens, rejects when it cannot (e.g. port in use). */
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
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
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
