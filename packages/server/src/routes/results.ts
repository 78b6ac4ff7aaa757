import type { OperationHandlers } from '../http/operation';
import { csvDownload } from '../http/reply';

/** Results out as CSV (R26.6, R26.7): the placements and the matches of a tournament. */
export const resultHandlers: OperationHandlers = {
  exportTournamentResults: async (ctx, { params }) => csvDownload(await ctx.services.results.resultsCsv(ctx.state.auth, params.id), `results-${params.id}.csv`),
  exportTournamentMatches: async (ctx, { params }) => csvDownload(await ctx.services.results.matchesCsv(ctx.state.auth, params.id), `matches-${params.id}.csv`),
};
