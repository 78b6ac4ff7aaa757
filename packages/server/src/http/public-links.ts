import type { Middleware } from 'koa';
import type { ApiContextExtras, ApiState } from './operation';
import { API_PREFIX } from './router';

/** Operations answering a Tournament or a list of them (R28.11). */
const TOURNAMENT_OPERATIONS: ReadonlySet<string> = new Set([
  'createTournament',
  'getTournament',
  'updateTournament',
  'listTournaments',
  'listPublicTournaments',
  'publishTournament',
  'openRegistration',
  'closeRegistration',
  'startTournament',
]);

/** Operations answering items that each hold a tournament (whole, or its short form) under `tournament` (R28.11). */
const NESTED_TOURNAMENT_OPERATIONS: ReadonlySet<string> = new Set(['listMyTournaments', 'listMyMatches']);

/** The origin the public pages are served at: config.publicUrl without `/api/v1`, else the request's origin. */
export function pagesRoot(ctx: { deps: ApiContextExtras['deps']; protocol: string; host: string }): string {
  const configured = ctx.deps.config.publicUrl;
  return configured ? configured.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '') : `${ctx.protocol}://${ctx.host}`;
}

/**
 * Adds `publicUrl` (the tournament's public page, `<pages root>/t/{id}`) to every tournament of a successful answer
 * of the tournament operations (R28.11), after the handler rendered it: the answered tournaments themselves, or the
 * `tournament` of each item for the operations listing items that hold one (a player's own tournaments and matches).
 */
export function publicTournamentLinks(): Middleware<ApiState, ApiContextExtras> {
  return async (ctx, next) => {
    await next();
    const nested = NESTED_TOURNAMENT_OPERATIONS.has(ctx.state.operationId);
    if ((!nested && !TOURNAMENT_OPERATIONS.has(ctx.state.operationId)) || ctx.status >= 300) return;
    const body = ctx.body as { data?: unknown } | null;
    if (!body || typeof body !== 'object' || !('data' in body)) return;
    const root = pagesRoot(ctx);
    const link = (t: unknown) => {
      if (t && typeof t === 'object' && 'id' in t) (t as Record<string, unknown>).publicUrl = `${root}/t/${String((t as { id: string }).id)}`;
    };
    const linkItem = nested ? (item: unknown) => link(item && typeof item === 'object' ? (item as { tournament?: unknown }).tournament : undefined) : link;
    if (Array.isArray(body.data)) body.data.forEach(linkItem);
    else linkItem(body.data);
  };
}
