import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isTourneyError, type Tournament } from '../src/index';
import { BASE, createTestServer, errorBody, testClient, tournament } from './helpers';

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A list endpoint over `items` that pages like the API (R3.1) and records the query of every call. */
function listOf(items: unknown[]) {
  const queries: Record<string, string>[] = [];
  const handler = ({ request }: { request: Request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    const page = Number(query.page ?? '1');
    const limit = Number(query.limit ?? '10');
    const total = items.length;
    const totalPages = Math.max(1, Math.ceil(total / limit));
    return HttpResponse.json({
      success: true,
      data: items.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total, totalPages, hasNext: page < totalPages, hasPrevious: page > 1 },
    });
  };
  return { queries, handler };
}

const FIVE = ['t1', 't2', 't3', 't4', 't5'].map((id) => tournament(id));

describe('paginate', () => {
  it('walks 3 pages, keeps the filters and stops when hasNext is false', async () => {
    const list = listOf(FIVE);
    server.use(http.get(`${BASE}/tournaments`, list.handler));
    const { client } = testClient({ apiKey: 'tk' });
    const seen: Tournament[] = [];
    for await (const t of client.paginate('/tournaments', { params: { query: { status: 'PUBLISHED', limit: 2 } } })) {
      seen.push(t);
    }
    expect(seen.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(list.queries).toEqual([
      { status: 'PUBLISHED', limit: '2', page: '1' },
      { status: 'PUBLISHED', limit: '2', page: '2' },
      { status: 'PUBLISHED', limit: '2', page: '3' },
    ]);
  });

  it('asks for 100 items per page when no limit is given', async () => {
    const list = listOf(FIVE);
    server.use(http.get(`${BASE}/tournaments`, list.handler));
    const { client } = testClient({ apiKey: 'tk' });
    const ids: string[] = [];
    for await (const t of client.paginate('/tournaments')) ids.push(t.id);
    expect(ids).toHaveLength(5);
    expect(list.queries).toEqual([{ page: '1', limit: '100' }]);
  });

  it('starts at the page given in the query', async () => {
    const list = listOf(FIVE);
    server.use(http.get(`${BASE}/tournaments`, list.handler));
    const { client } = testClient({ apiKey: 'tk' });
    const ids: string[] = [];
    for await (const t of client.paginate('/tournaments', { params: { query: { page: 2, limit: 2 } } })) ids.push(t.id);
    expect(ids).toEqual(['t3', 't4', 't5']);
    expect(list.queries.map((q) => q.page)).toEqual(['2', '3']);
  });

  it('yields nothing for an empty list after one request', async () => {
    const list = listOf([]);
    server.use(http.get(`${BASE}/tournaments`, list.handler));
    const { client } = testClient({ apiKey: 'tk' });
    const ids: string[] = [];
    for await (const t of client.paginate('/tournaments')) ids.push(t.id);
    expect(ids).toEqual([]);
    expect(list.queries).toHaveLength(1);
  });

  it('fetches no further page when the caller stops early', async () => {
    const list = listOf(FIVE);
    server.use(http.get(`${BASE}/tournaments`, list.handler));
    const { client } = testClient({ apiKey: 'tk' });
    for await (const t of client.paginate('/tournaments', { params: { query: { limit: 2 } } })) {
      if (t.id === 't2') break;
    }
    expect(list.queries).toHaveLength(1);
  });

  it('throws the TourneyError of a failing page after yielding the earlier ones', async () => {
    server.use(
      http.get(`${BASE}/tournaments`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        if (page === '1') {
          return HttpResponse.json({
            success: true,
            data: [tournament('t1')],
            pagination: { page: 1, limit: 1, total: 2, totalPages: 2, hasNext: true, hasPrevious: false },
          });
        }
        return HttpResponse.json(errorBody('UNAUTHORIZED', 'API key revoked', 'req_p2'), { status: 401 });
      }),
    );
    const { client } = testClient({ apiKey: 'tk' });
    const ids: string[] = [];
    let caught: unknown;
    try {
      for await (const t of client.paginate('/tournaments', { params: { query: { limit: 1 } } })) ids.push(t.id);
    } catch (error) {
      caught = error;
    }
    expect(ids).toEqual(['t1']);
    expect(isTourneyError(caught) && caught.status).toBe(401);
    expect(isTourneyError(caught) && caught.code).toBe('UNAUTHORIZED');
  });

  it('rejects with INVALID_RESPONSE when the answer is not a paginated list', async () => {
    server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json({ success: true, data: tournament('t1') })));
    const { client } = testClient({ apiKey: 'tk' });
    const iterator = client.paginate('/tournaments');
    const error = await iterator.next().catch((e: unknown) => e);
    expect(isTourneyError(error) && error.code).toBe('INVALID_RESPONSE');
  });
});
