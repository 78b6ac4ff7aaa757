import type { Client, Middleware } from 'openapi-fetch';
import { createClient } from './openapi-fetch-interop';
import type { HttpMethod, MediaType, PaginateMethod, SendFn, ThrowingMethod } from './client-types';
import { createClientMiddleware, isBrowser, userAgentValue, type Credentials } from './credentials';
import { errorFromResponse, invalidSuccessBody, isTourneyError, networkError } from './errors';
import type { paths } from './generated/schema';
import { paginateList } from './paginate';
import { rejectRedirects } from './redirects';
import { createRetryingFetch, resolveRetryPolicy, type FetchFn, type RetryOptions } from './retry';
import { defaultSleep, type SleepFn } from './sleep';
import { type LiveEvent, type LiveEventsOptions, liveEvents } from './live-events';

/** Options of {@link createTourneyClient}. */
export interface TourneyClientOptions {
  /** API root including the version prefix, e.g. `http://localhost:3000/api/v1` (a trailing slash is tolerated). */
  baseUrl: string;
  /** Project API key, sent as `X-API-Key`. */
  apiKey?: string | null;
  /** User access token, sent as `Authorization: Bearer <token>`. */
  accessToken?: string | null;
  /**
   * Fetch implementation; defaults to `globalThis.fetch`, looked up at each request. It is called with
   * `redirect: 'manual'`: a redirect is never followed but rejects with TourneyError `REDIRECT` (R19.9).
   */
  fetch?: FetchFn;
  /** Retry settings (429 always; 502/503/504 and network errors for requests safe to repeat). */
  retry?: RetryOptions;
  /** Wait function used between retries (ms); inject one in tests so they do not wait. */
  sleep?: SleepFn;
  /** Your product token, sent before the SDK's in `User-Agent` outside browsers, e.g. `my-game-server/2.1`. */
  userAgent?: string;
}

/** Private state shared by the client's methods: the last request and response seen for one call. */
interface CallTrace {
  request?: Request;
  response?: Response;
}

/** A Tourney API client for the `Paths` of an OpenAPI document (see {@link TourneyClient} for this API's). */
export interface TourneyClientOf<
  Paths extends {},
  Media extends MediaType = MediaType,
> {
  /** GET `path`; resolves to the success body, rejects with `TourneyError`. */
  GET: ThrowingMethod<Paths, 'get', Media>;
  /** POST `path`; resolves to the success body, rejects with `TourneyError`. */
  POST: ThrowingMethod<Paths, 'post', Media>;
  /** PUT `path`; resolves to the success body, rejects with `TourneyError`. */
  PUT: ThrowingMethod<Paths, 'put', Media>;
  /** PATCH `path`; resolves to the success body, rejects with `TourneyError`. */
  PATCH: ThrowingMethod<Paths, 'patch', Media>;
  /** DELETE `path`; resolves to the success body (`undefined` for 204), rejects with `TourneyError`. */
  DELETE: ThrowingMethod<Paths, 'delete', Media>;
  /** Iterates over every item of a paginated list, page after page (default `limit` 100). */
  paginate: PaginateMethod<Paths, Media>;
  /**
   * The underlying openapi-fetch client (same credentials, retries and middleware): resolves to
   * `{ data, error, response }` and never throws for HTTP errors; a network failure rejects with `TourneyError`.
   */
  raw: Client<Paths, Media>;
  /** Replaces the API key sent as `X-API-Key` from the next request on; `null` stops sending it. */
  setApiKey(apiKey: string | null): void;
  /** Replaces the bearer token from the next request on (e.g. after login or refresh); `null` stops sending it. */
  setAccessToken(accessToken: string | null): void;
  /** The API root in use, without a trailing slash. */
  readonly baseUrl: string;
  /**
   * The live events of a tournament as an async iterator (R28.1 to R28.3), reconnecting with `Last-Event-ID`:
   * `for await (const e of tourney.events(id)) console.log(e.type)`. Throws TourneyError on a 4xx.
   */
  events(tournamentId: string, options?: LiveEventsOptions): AsyncGenerator<LiveEvent>;
}

/** A client of the Tourney API, typed from openapi.yaml. */
export type TourneyClient = TourneyClientOf<paths>;

/**
 * Creates a Tourney API client. Throws TypeError when `baseUrl` is missing and RangeError for bad `retry` values.
 * Its requests never follow a redirect: a 3xx answer rejects with TourneyError `REDIRECT` naming the Location (R19.9).
 * @example
 * const tourney = createTourneyClient({ baseUrl: 'http://localhost:3000/api/v1', apiKey: process.env.TOURNEY_KEY });
 * const { data } = await tourney.GET('/tournaments/{id}', { params: { path: { id } } });
 */
export function createTourneyClient(options: TourneyClientOptions): TourneyClient {
  return createTourneyClientFor<paths>(options);
}

/** {@link createTourneyClient} for any openapi-typescript `paths` type (used by tests and by forks of the API). */
export function createTourneyClientFor<
  Paths extends {},
  Media extends MediaType = MediaType,
>(options: TourneyClientOptions): TourneyClientOf<Paths, Media> {
  if (typeof options?.baseUrl !== 'string' || options.baseUrl.trim() === '') {
    throw new TypeError('createTourneyClient: baseUrl is required, e.g. "http://localhost:3000/api/v1"');
  }
  const baseUrl = options.baseUrl.trim().replace(/\/+$/, '');
  const credentials: Credentials = { apiKey: options.apiKey ?? null, accessToken: options.accessToken ?? null };
  const userFetch = options.fetch;
  // Redirects are never followed (R19.9): they would carry X-API-Key and bodies to the host they name. Outside the
  // retries, so a 3xx is reported once; every attempt inherits `redirect: 'manual'` from the request it clones.
  const fetch = rejectRedirects(
    createRetryingFetch(() => userFetch ?? (globalThis.fetch as FetchFn), resolveRetryPolicy(options.retry), options.sleep ?? defaultSleep),
  );
  const raw = createClient<Paths, Media>({ baseUrl, fetch, redirect: 'manual' });
  raw.use(createClientMiddleware(credentials, options.userAgent));
  const liveUserAgent = isBrowser() ? undefined : userAgentValue(options.userAgent);

  const send: SendFn = async (method, url, init) => {
    const trace: CallTrace = {};
    const tracer: Middleware = {
      onRequest({ request }) {
        trace.request = request;
      },
      onResponse({ request, response }) {
        trace.request = request;
        trace.response = response;
      },
    };
    const middleware = [...((init?.middleware as Middleware[] | undefined) ?? []), tracer];
    const call = raw.request as unknown as (
      method: HttpMethod,
      url: string,
      init: Record<string, unknown>,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    // Without a parseAs of the caller's, the body is read as text and then parsed by its media type (R19.3): JSON
    // answers become values, CSV and iCalendar ones (results.csv, calendar/export) stay the strings their types say,
    // and a body cut off while it is read is a network failure, not an invalid answer.
    const byMediaType = init?.parseAs === undefined;
    let result: Awaited<ReturnType<typeof call>>;
    try {
      result = await call(method, url, { ...init, ...(byMediaType ? { parseAs: 'text' } : {}), middleware });
    } catch (error) {
      if (isTourneyError(error) || trace.request === undefined) throw error;
      if (trace.response !== undefined && !byMediaType) throw invalidSuccessBody(trace.request, trace.response, error);
      throw networkError(trace.request, error);
    }
    // A middleware that answers by itself (returns a Response from onRequest) hides the request from the tracer.
    const request = trace.request ?? new Request(`${baseUrl}${url}`, { method: method.toUpperCase() });
    if (!result.response.ok) throw errorFromResponse(request, result.response, result.error);
    const data = byMediaType ? bodyByMediaType(request, result.response, result.data) : result.data;
    return { data, request, response: result.response };
  };

  const method =
    (name: HttpMethod) =>
    async (url: string, init?: Record<string, unknown>): Promise<unknown> =>
      (await send(name, url, init)).data;

  return {
    GET: method('get') as TourneyClientOf<Paths, Media>['GET'],
    POST: method('post') as TourneyClientOf<Paths, Media>['POST'],
    PUT: method('put') as TourneyClientOf<Paths, Media>['PUT'],
    PATCH: method('patch') as TourneyClientOf<Paths, Media>['PATCH'],
    DELETE: method('delete') as TourneyClientOf<Paths, Media>['DELETE'],
    paginate: ((url: string, init?: Record<string, unknown>) =>
      paginateList(send, url, init)) as unknown as TourneyClientOf<Paths, Media>['paginate'],
    raw,
    setApiKey(apiKey) {
      credentials.apiKey = apiKey;
    },
    setAccessToken(accessToken) {
      credentials.accessToken = accessToken;
    },
    baseUrl,
    events: (tournamentId, eventOptions) =>
      liveEvents(
        { baseUrl, fetch: () => userFetch ?? (globalThis.fetch as FetchFn), credentials, sleep: options.sleep ?? defaultSleep, userAgent: liveUserAgent },
        tournamentId,
        eventOptions,
      ),
  };
}

/**
 * A success body read as text, by its media type: `undefined` when empty (204), the parsed value for JSON
 * (`application/json`, `application/*+json`), else the text itself (CSV, iCalendar).
 * @throws TourneyError INVALID_RESPONSE for a JSON media type whose body is not JSON.
 */
function bodyByMediaType(request: Request, response: Response, text: unknown): unknown {
  if (typeof text !== 'string') return text;
  if (text === '') return undefined;
  if (!/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalidSuccessBody(request, response, error);
  }
}
