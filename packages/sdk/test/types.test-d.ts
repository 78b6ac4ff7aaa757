import { describe, expectTypeOf, it } from 'vitest';
import type {
  ApiKey,
  Detection,
  ErrorCode,
  Match,
  Pagination,
  PageItem,
  PaginatedPaths,
  paths,
  Stage,
  Tournament,
  TourneyClient,
  TourneyError,
  TourneyErrorCode,
} from '../src/index';

// Type tests: vitest type-checks this file (typecheck in vitest.config.ts) and never executes it, so the client
// below only has to exist as a type. A failing assertion or an unused `@ts-expect-error` fails `vitest run`.
declare const client: TourneyClient;
const ID = '0190f5a2-7c1e-7000-8000-000000000001';

describe('typed calls', () => {
  it('unwraps the data envelope of a single resource', async () => {
    const one = await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expectTypeOf(one.data).toEqualTypeOf<Tournament>();
    expectTypeOf(one.success).toEqualTypeOf<true>();
  });

  it('types a list with its pagination', async () => {
    const list = await client.GET('/tournaments', { params: { query: { status: 'PUBLISHED', limit: 5 } } });
    expectTypeOf(list.data).toEqualTypeOf<Tournament[]>();
    expectTypeOf(list.pagination).toEqualTypeOf<Pagination>();
  });

  it('answers undefined for a 204', async () => {
    const removed = await client.DELETE('/developer/api-keys/{id}', { params: { path: { id: ID } } });
    expectTypeOf(removed).toEqualTypeOf<undefined>();
  });

  it('takes header parameters and a typed body', async () => {
    const reported = await client.POST('/matches/{id}/report', {
      params: { path: { id: ID }, header: { 'Idempotency-Key': 'k-1' } },
      body: { winnerId: ID, scores: [{ participantId: ID, score: 2 }, { participantId: ID, score: 0 }] },
    });
    expectTypeOf(reported.data).toEqualTypeOf<Match>();
    expectTypeOf(reported.data.status).toEqualTypeOf<Match['status']>();
  });

  it('types the stages and the detections as pages, like every list (R3.3)', async () => {
    const stages = await client.GET('/tournaments/{id}/stages', { params: { path: { id: ID }, query: { page: 1, limit: 10 } } });
    expectTypeOf(stages.data).toEqualTypeOf<Stage[]>();
    expectTypeOf(stages.pagination).toEqualTypeOf<Pagination>();
    const detections = await client.GET('/anti-cheat/detections', { params: { query: { page: 2, limit: 200, unreviewedOnly: true } } });
    expectTypeOf(detections.data).toEqualTypeOf<Detection[]>();
    expectTypeOf(detections.pagination).toEqualTypeOf<Pagination>();
  });

  it('keeps the raw openapi-fetch result with the error envelope', async () => {
    const raw = await client.raw.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    if (raw.data) expectTypeOf(raw.data.data).toEqualTypeOf<Tournament>();
    if (raw.error) expectTypeOf(raw.error.error.code).toEqualTypeOf<ErrorCode>();
  });
});

describe('refused calls', () => {
  it('rejects an unknown path', async () => {
    // @ts-expect-error unknown path
    await client.GET('/tournament');
  });

  it('requires the path parameter', async () => {
    // @ts-expect-error the path parameter is required
    await client.GET('/tournaments/{id}');
  });

  it('requires the request body', async () => {
    // @ts-expect-error the body is required
    await client.POST('/tournaments');
  });

  it('rejects a status outside the enum', async () => {
    // @ts-expect-error wrong status value
    await client.GET('/tournaments', { params: { query: { status: 'RUNNING' } } });
  });
});

describe('paginate', () => {
  it('yields the items of a paginated list', async () => {
    for await (const t of client.paginate('/tournaments', { params: { query: { status: 'PUBLISHED' } } })) {
      expectTypeOf(t).toEqualTypeOf<Tournament>();
    }
    for await (const key of client.paginate('/developer/api-keys')) {
      expectTypeOf(key).toEqualTypeOf<ApiKey>();
    }
    expectTypeOf<PageItem<paths, '/tournaments'>>().toEqualTypeOf<Tournament>();
    expectTypeOf<'/tournaments'>().toExtend<PaginatedPaths<paths>>();
  });

  it('walks the detections and the stages, now paginated lists (R3.3)', async () => {
    for await (const d of client.paginate('/anti-cheat/detections', { params: { query: { unreviewedOnly: true, limit: 200 } } })) {
      expectTypeOf(d).toEqualTypeOf<Detection>();
    }
    for await (const stage of client.paginate('/tournaments/{id}/stages', { params: { path: { id: ID } } })) {
      expectTypeOf(stage).toEqualTypeOf<Stage>();
    }
    expectTypeOf<'/anti-cheat/detections' | '/tournaments/{id}/stages'>().toExtend<PaginatedPaths<paths>>();
  });

  it('refuses a path that is not a list', () => {
    // @ts-expect-error a single tournament is not a list
    client.paginate('/tournaments/{id}', { params: { path: { id: ID } } });
    expectTypeOf<'/tournaments/{id}'>().not.toExtend<PaginatedPaths<paths>>();
  });
});

describe('errors', () => {
  it('types TourneyError codes as the contract codes, the client codes, or a code newer than this SDK', () => {
    expectTypeOf<TourneyError['code']>().toEqualTypeOf<TourneyErrorCode>();
    expectTypeOf<ErrorCode>().toExtend<TourneyErrorCode>();
    expectTypeOf<'NOT_FOUND'>().toExtend<ErrorCode>();
    expectTypeOf<'NETWORK_ERROR'>().toExtend<TourneyErrorCode>();
    expectTypeOf<'NETWORK_ERROR'>().not.toExtend<ErrorCode>();
    expectTypeOf<'NO_SUCH_CODE'>().not.toExtend<ErrorCode>();
  });
});
