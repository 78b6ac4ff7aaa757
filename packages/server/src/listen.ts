import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TourneyApp } from './app';
import { API_PREFIX } from './http/router';

/** A listening server. */
export interface RunningServer {
  /** API root, e.g. `http://127.0.0.1:3000/api/v1`. */
  url: string;
  /** The bound TCP port (the chosen one when 0 was asked). */
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, closes idle keep-alive connections. */
  close(): Promise<void>;
}

/** Where to listen; defaults come from the app's config (port 0 picks a free port). */
export interface ListenOptions {
  port?: number;
  host?: string;
}

/** Starts an HTTP server for `app`; resolves once it listens, rejects when it cannot (e.g. port in use). */
export function listen(app: TourneyApp, options: ListenOptions = {}): Promise<RunningServer> {
  const port = options.port ?? app.deps.config.port;
  const host = options.host ?? app.deps.config.host;
  const server = createServer(app.callback());
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
            server.close((error) => (error ? fail(error) : done()));
            server.closeIdleConnections();
          })),
      });
    });
  });
}
