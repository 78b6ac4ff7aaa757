import { describe, expectTypeOf, it } from 'vitest';
import type {
  ApiKey,
  ErrorCode,
  Match,
  Pagination,
  PageItem,
  PaginatedPaths,
  paths,
  Stage,
  Tournament,
  TourneyClient,
  TourneyErrorCode,
} from '../src/index';
import { TourneyError } from '../src/index';

// These checks run under `npm run typecheck` (tsc over packages/*/test); vitest only executes the shells.
declare const client: TourneyClient;
const ID = '0190f5a2-7c1e-7000-8000-000000000001';

/** Never called: its body only has to type-check. */
async function typeChecks() {
  const one = await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
  expectTypeOf(one.data).toEqualTypeOf<Tournament>();
  expectTypeOf(one.success).toEqualTypeOf<true>();

  const list = await client.GET('/tournaments', { params: { query: { status: 'PUBLISHED', limit: 5 } } });
  expectTypeOf(list.data).toEqualTypeOf<Tournament[]>();
  expectTypeOf(list.pagination).toEqualTypeOf<Pagination>();

  const removed = await client.DELETE('/developer/api-keys/{id}', { params: { path: { id: ID } } });
  expectTypeOf(removed).toEqualTypeOf<undefined>();

  const reported = await client.POST('/matches/{id}/report', {
    params: { path: { id: ID }, header: { 'Idempotency-Key': 'k-1' } },
    body: { winnerId: ID, scores: [{ participantId: ID, score: 2 }, { participantId: ID, score: 0 }] },
  });
  expectTypeOf(reported.data).toEqualTypeOf<Match>();
  expectTypeOf(reported.data.status).toEqualTypeOf<Match['status']>();

  for await (const t of client.paginate('/tournaments', { params: { query: { status: 'PUBLISHED' } } })) {
    expectTypeOf(t).toEqualTypeOf<Tournament>();
  }
  for await (const key of client.paginate('/developer/api-keys')) {
    expectTypeOf(key).toEqualTypeOf<ApiKey>();
  }
  expectTypeOf<PageItem<paths, '/tournaments'>>().toEqualTypeOf<Tournament>();
  expectTypeOf<'/tournaments'>().toMatchTypeOf<PaginatedPaths<paths>>();

  const stages = await client.GET('/tournaments/{id}/stages', { params: { path: { id: ID } } });
  expectTypeOf(stages.data).toEqualTypeOf<Stage[]>();
  // @ts-expect-error the stages list is not paginated
  client.paginate('/tournaments/{id}/stages', { params: { path: { id: ID } } });
  // @ts-expect-error unknown path
  await client.GET('/tournament');
  // @ts-expect-error the path parameter is required
  await client.GET('/tournaments/{id}');
  // @ts-expect-error the body is required
  await client.POST('/tournaments');
  // @ts-expect-error wrong status value
  await client.GET('/tournaments', { params: { query: { status: 'RUNNING' } } });

  const raw = await client.raw.GET('/tournaments/{id}', { params: { path: { id: ID } } });
  if (raw.data) expectTypeOf(raw.data.data).toEqualTypeOf<Tournament>();
  if (raw.error) expectTypeOf(raw.error.error.code).toEqualTypeOf<ErrorCode>();
}

describe('types', () => {
  it('type-check (see typeChecks, checked by tsc)', () => {
    expectTypeOf(typeChecks).toBeFunction();
    expectTypeOf<TourneyError['code']>().toEqualTypeOf<TourneyErrorCode>();
    expectTypeOf<'NOT_FOUND'>().toMatchTypeOf<TourneyErrorCode>();
  });
});
