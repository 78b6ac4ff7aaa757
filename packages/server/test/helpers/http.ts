import type { TestServer } from './server';

/** What requests need of a server: its API root. A TestServer, or a server running in another process. */
export type ApiServer = Pick<TestServer, 'url'>;

/** Credentials and extras for one test request. */
export interface RequestOptions {
  /** JSON body (serialized, with Content-Type: application/json). */
  body?: unknown;
  /** A body sent as is (string or bytes); set the content type in `headers`. */
  rawBody?: string | Uint8Array;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as `X-API-Key`. */
  apiKey?: string;
  /** Query parameters (values stringified). */
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

/** A test response: status, headers, the parsed JSON body (undefined when empty or not JSON) and the raw text. */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * Sends one HTTP request to a test server. `path` is relative to the API root (e.g. `/health`, not
 * `/api/v1/health`); pass a full `http://` URL to bypass the prefix.
 */
export async function request<T = any>(server: ApiServer, method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
  const url = new URL(path.startsWith('http') ? path : `${server.url}${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers, body: body as BodyInit | undefined });
  const text = await response.text();
  let parsed: unknown;
  if (text && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** Throws a readable error unless `res.status` is `expected` (helpers use it so setup failures say why). */
export function expectStatus(res: TestResponse, expected: number, what: string): void {
  if (res.status !== expected) {
    throw new Error(`${what}: expected HTTP ${expected}, got ${res.status}: ${res.text.slice(0, 500)}`);
  }
}
