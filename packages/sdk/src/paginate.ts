import type { SendFn } from './client-types';
import { TourneyError } from './errors';
import { snapshotRequest } from './request-snapshot';

/** Page size `paginate` asks for when the caller gives no `limit` (the API's maximum for most lists, R3.2). */
export const DEFAULT_PAGINATE_LIMIT = 100;

interface ListEnvelope {
  data: unknown[];
  pagination: { page: number; hasNext: boolean };
}

/**
 * Yields the items of page 1 (or the `page` given in the query), 2, ... of a list operation until `hasNext` is false,
 * keeping every other query parameter. Uses `limit` from the query, else {@link DEFAULT_PAGINATE_LIMIT}. Throws
 * `TourneyError` (code INVALID_RESPONSE) when a response is not a list envelope, and whatever `send` throws.
 */
export async function* paginateList(
  send: SendFn,
  url: string,
  init: Record<string, unknown> | undefined,
): AsyncGenerator<unknown, void, undefined> {
  const params = (init?.params ?? {}) as Record<string, unknown>;
  const query = { ...((params.query ?? {}) as Record<string, unknown>) };
  let page = typeof query.page === 'number' ? query.page : 1;
  const limit = query.limit ?? DEFAULT_PAGINATE_LIMIT;
  for (;;) {
    const { data: body, request, response } = await send('get', url, {
      ...init,
      params: { ...params, query: { ...query, page, limit } },
    });
    if (!isListEnvelope(body)) {
      throw new TourneyError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: `GET ${url} did not answer a paginated list ({ data: [...], pagination }); paginate() needs a list operation`,
        requestId: response.headers.get('x-request-id') ?? undefined,
        request: snapshotRequest(request),
      });
    }
    yield* body.data;
    if (!body.pagination.hasNext || body.data.length === 0) return;
    page = body.pagination.page + 1;
  }
}

function isListEnvelope(body: unknown): body is ListEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const { data, pagination } = body as Record<string, unknown>;
  if (!Array.isArray(data) || typeof pagination !== 'object' || pagination === null) return false;
  const { page, hasNext } = pagination as Record<string, unknown>;
  return typeof page === 'number' && typeof hasNext === 'boolean';
}
