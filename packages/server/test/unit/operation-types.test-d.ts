// Type tests of the handler map (src/http/operation.ts): checked by `tsc -p tsconfig.json` (npm run typecheck), not
// run by vitest. Each `@ts-expect-error` line must stay an error: a handler answering a shape, a status or an
// envelope its operation does not document in openapi.yaml does not compile.
import { expectTypeOf } from 'vitest';
import type {
  MatchReportRequest,
  Participant,
  ParticipateRequest,
  Tournament,
  TournamentCreate,
  TournamentStatus,
} from '../../src/contract-types';
import type { OperationHandlers, OperationInput, OperationReply } from '../../src/http/operation';
import { accepted, created, listed, noContent, ok } from '../../src/http/reply';
import type { Page } from '../../src/db/page-query';

declare const tournament: Tournament;
declare const participant: Participant;
declare const tournaments: Page<Tournament>;

// Inputs are the contract's types of each operation.
expectTypeOf<OperationInput<'getTournament'>['params']>().toEqualTypeOf<{ id: string }>();
expectTypeOf<OperationInput<'createTournament'>['body']>().toEqualTypeOf<TournamentCreate>();
expectTypeOf<OperationInput<'participateInTournament'>['body']>().toEqualTypeOf<ParticipateRequest | undefined>();
expectTypeOf<OperationInput<'reportMatchResult'>['body']>().toEqualTypeOf<MatchReportRequest>();
expectTypeOf<OperationInput<'reportMatchResult'>['headers']>().toEqualTypeOf<{ 'idempotency-key'?: string }>();
expectTypeOf<OperationInput<'uploadEvidence'>['body']>().toEqualTypeOf<undefined>();
expectTypeOf<OperationInput<'uploadEvidence'>['query']>().toEqualTypeOf<{ expires: number; signature: string }>();
// Defaulted query parameters are always present after validation; the others stay optional.
expectTypeOf<OperationInput<'listTournaments'>['query']['page']>().toEqualTypeOf<number>();
expectTypeOf<OperationInput<'listTournaments'>['query']['sortOrder']>().toEqualTypeOf<'asc' | 'desc'>();
expectTypeOf<OperationInput<'listTournaments'>['query']['status']>().toEqualTypeOf<TournamentStatus | undefined>();

// Replies are the documented 2xx responses.
expectTypeOf<OperationReply<'deleteTournament'>>().toMatchTypeOf<{ status: 204 }>();
expectTypeOf<OperationReply<'exportCalendar'>>().toMatchTypeOf<{ status: 200; type: 'text/calendar'; body: string }>();

export const documented: OperationHandlers = {
  getTournament: async () => ok(tournament),
  createTournament: async () => created(tournament),
  deleteTournament: async () => noContent(),
  listTournaments: async () => listed(tournaments),
  getParticipant: async () => ok(participant),
};

export const undocumented: OperationHandlers = {
  // @ts-expect-error wrong data: getTournament answers a Tournament, not a Participant
  getTournament: async () => ok(participant),
  // @ts-expect-error wrong status: createTournament answers 201, not 200
  createTournament: async () => ok(tournament),
  // @ts-expect-error wrong status: sendWebhookTest answers 202 only
  sendWebhookTest: async () => created(participant),
  // @ts-expect-error wrong envelope: listTournaments answers a page with pagination, not a bare item
  listTournaments: async () => ok(tournament),
  // @ts-expect-error wrong envelope: getParticipant answers one item, without pagination
  getParticipant: async () => listed({ items: [participant], pagination: tournaments.pagination }),
  // @ts-expect-error a body where the contract documents 204 without one
  deleteTournament: async () => accepted(tournament),
  // @ts-expect-error a value the TournamentStatus enum of the contract does not have
  publishTournament: async () => ({ status: 200, data: { ...tournament, status: 'PAUSED' } }),
};
