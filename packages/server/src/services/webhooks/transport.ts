import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { SERVER_VERSION } from '../../version';

/** One POST to a subscriber. */
export interface WebhookRequest {
  url: string;
  /** Extra headers (the Standard Webhooks ones); content type, length and user agent are added. */
  headers: Record<string, string>;
  /** The exact JSON text that was signed. */
  body: string;
}

/** How an attempt ended: the HTTP status when an answer came (any status), else the error. */
export interface TransportResult {
  statusCode: number | null;
  /** `Location` of a redirect answer (never followed). */
  location: string | null;
  /** Milliseconds until the status line arrived, or until the failure. */
  durationMs: number;
  /** Why no answer came (timeout, refused connection, unsafe address); null when a status arrived. */
  error: string | null;
  /** The attempt was cut short by `signal` (shutdown): it did not count. */
  aborted: boolean;
}

/** Options of one attempt. */
export interface TransportOptions {
  /** Deadline for the status line, milliseconds. */
  timeoutMs: number;
  /** Custom address lookup (the URL-safety check); default: the system's. */
  lookup?: LookupFunction;
  /** Aborts the attempt (server shutdown). */
  signal?: AbortSignal;
}

/** Sends one webhook attempt; never rejects (failures are results). */
export type WebhookTransport = (request: WebhookRequest, options: TransportOptions) => Promise<TransportResult>;

/** User-Agent of deliveries. */
export const WEBHOOK_USER_AGENT = `Tourney-Webhooks/${SERVER_VERSION}`;

const MAX_ERROR_LENGTH = 500;

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const message = e?.message ?? String(error);
  const text = e?.code && !message.includes(e.code) ? `${message} (${e.code})` : message;
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * POSTs with node:http or node:https on a fresh connection (`Connection: close`), never following redirects. The
 * result is known as soon as the status line arrives; the response body is drained and discarded. No answer within
 * `timeoutMs` is a failure.
 */
export const httpTransport: WebhookTransport = (request, options) =>
  new Promise<TransportResult>((resolve) => {
    const started = performance.now();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: Omit<TransportResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: Math.max(0, Math.round(performance.now() - started)) });
    };
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      finish({ statusCode: null, location: null, error: 'invalid URL', aborted: false });
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': WEBHOOK_USER_AGENT,
          connection: 'close',
        },
        ...(options.lookup ? { lookup: options.lookup } : {}),
      },
      (res) => {
        const location = res.headers.location ?? null;
        finish({ statusCode: res.statusCode ?? 0, location, error: null, aborted: false });
        res.on('error', () => undefined);
        res.resume();
        // A receiver that never ends its body does not hold the connection past the deadline.
        setTimeout(() => res.destroy(), options.timeoutMs).unref();
      },
    );
    timer = setTimeout(() => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    const onAbort = () => {
      if (!settled) finish({ statusCode: null, location: null, error: 'aborted: the server is shutting down', aborted: true });
      req.destroy();
    };
    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => finish({ statusCode: null, location: null, error: describe(error), aborted: false }));
    req.on('close', () => options.signal?.removeEventListener('abort', onAbort));
    req.end(request.body);
  });
