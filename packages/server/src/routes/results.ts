import type { OperationHandlers } from '../http/operation';

/** A CSV answer offered as a download named `filename`. */
function csv(body: string, filename: string) {
  return { status: 200 as const, type: 'text/csv' as const, body, headers: { 'Content-Disposition': `attachment; filename="${filename}"` } };
}

/** Results out as CSV (R26.6, R26.7): the placements and the matches of a tournament. */
export const resultHandlers: OperationHandlers = {
  exportTournamentResults: async (ctx, { params }) => csv(await ctx.services.results.resultsCsv(ctx.state.auth, params.id), `results-${params.id}.csv`),
  exportTournamentMatches: async (ctx, { params }) => csv(await ctx.services.results.matchesCsv(ctx.state.auth, params.id), `matches-${params.id}.csv`),
};
