import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';

/** Lower-case HTTP methods as keys of an openapi-typescript `paths` entry. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** A media type such as `application/json`. */
export type MediaType = `${string}/${string}`;

/** The paths of `Paths` that define `Method`. */
export type PathsWithMethod<Paths, Method extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in Method]: unknown } ? P : never;
}[keyof Paths];

/** openapi-fetch's rule for the `init` argument: optional when nothing in it is required (params, body). */
export type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

type RequiredKeysOf<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** The success body of an operation (the `{ success, data, pagination? }` envelope; `undefined` for 204). */
export type SuccessBody<Operation, Init, Media extends MediaType = MediaType> =
  Operation extends Record<string | number, unknown>
    ? FetchResponse<Operation, Init, Media> extends infer R
      ? R extends { data: infer D }
        ? D
        : never
      : never
    : never;

/**
 * A throwing request method: typed exactly like openapi-fetch's `client.GET` etc. (path autocompletion, params,
 * body), but resolving to the success body and rejecting with a `TourneyError` on an HTTP error or network failure.
 */
export type ThrowingMethod<Paths extends {}, Method extends HttpMethod, Media extends MediaType> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<SuccessBody<Paths[Path][Method & keyof Paths[Path]], Init, Media>>;

/** Paths whose GET answers a paginated list: `{ data: Item[], pagination }` (R3.1). */
export type PaginatedPaths<Paths extends {}, Media extends MediaType = MediaType> = {
  [P in PathsWithMethod<Paths, 'get'>]: SuccessBody<Paths[P]['get' & keyof Paths[P]], {}, Media> extends {
    data: readonly unknown[];
    pagination: unknown;
  }
    ? P
    : never;
}[PathsWithMethod<Paths, 'get'>];

/** The item type of a paginated GET path (the element type of its `data` array). */
export type PageItem<
  Paths extends {},
  Path extends keyof Paths,
  Media extends MediaType = MediaType,
> = Paths[Path] extends { get: infer Op }
  ? SuccessBody<Op, {}, Media> extends { data: readonly (infer Item)[] }
    ? Item
    : never
  : never;

/**
 * Async iteration over every item of a paginated list: `for await (const t of client.paginate('/tournaments'))`.
 * The init is the same as for `GET` on that path.
 */
export type PaginateMethod<Paths extends {}, Media extends MediaType> = <
  Path extends PaginatedPaths<Paths, Media>,
  Init extends MaybeOptionalInit<Paths[Path], 'get' & keyof Paths[Path]>,
>(
  url: Path,
  ...init: InitParam<Init>
) => AsyncGenerator<PageItem<Paths, Path, Media>, void, undefined>;

/** The result of one throwing call, with the final request and the response it came from. */
export interface CallResult {
  data: unknown;
  request: Request;
  response: Response;
}

/** Sends one request and returns its success body with context; throws `TourneyError` on any failure. */
export type SendFn = (method: HttpMethod, url: string, init: Record<string, unknown> | undefined) => Promise<CallResult>;
