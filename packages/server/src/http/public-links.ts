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

/** What requestOrigin reads of a request: the app's config, its headers and its connection. */
export interface OriginSource {
  deps: Pick<ApiContextExtras['deps'], 'config'>;
  get(field: string): string;
  req: { socket: object };
}

/** A host as RFC 3986 writes it in an authority (a name or an IPv4 or bracketed IPv6 address), with an optional port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?$/;

/**
 * The entry of a comma-separated forwarding header that the nearest `hops` proxies wrote: the one `hops` places from
 * the right (the leftmost when there are fewer), as the client address is read from X-Forwarded-For (R3.5). A proxy
 * that appends, or that replaces the header, puts its own entry there; what a client wrote before it is never read.
 */
function forwardedEntry(value: string, hops: number): string | undefined {
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return entries.slice(-Math.max(1, hops))[0];
}

/**
 * The origin (`protocol://host`) a client reached the server at, for the links the server hands out when
 * TOURNEY_PUBLIC_URL is not set (R28.11). Without TOURNEY_TRUST_PROXY: the `Host` header and the connection's protocol.
 * With it: `X-Forwarded-Host` and `X-Forwarded-Proto`, each read from the right as X-Forwarded-For is (the entry
 * TOURNEY_PROXY_HOPS places from the right), so that an entry a client writes into the header itself
 * (`X-Forwarded-Host: evil.example, tourney.example.org`) never becomes a link of an answer others may be served from a
 * cache; a forwarded value that is no host (or no `http`/`https`) is ignored for the request's own.
 */
export function requestOrigin(ctx: OriginSource): string {
  const { trustProxy, proxyHops } = ctx.deps.config;
  const encrypted = (ctx.req.socket as { encrypted?: boolean }).encrypted === true;
  let protocol = encrypted ? 'https' : 'http';
  let host = ctx.get('host');
  if (trustProxy) {
    const forwardedProto = forwardedEntry(ctx.get('x-forwarded-proto'), proxyHops)?.toLowerCase();
    if (forwardedProto === 'http' || forwardedProto === 'https') protocol = forwardedProto;
    const forwardedHost = forwardedEntry(ctx.get('x-forwarded-host'), proxyHops);
    if (forwardedHost !== undefined && HOST.test(forwardedHost)) host = forwardedHost;
  }
  return `${protocol}://${host}`;
}

/** The origin the public pages are served at: config.publicUrl without `/api/v1`, else the request's origin. */
export function pagesRoot(ctx: OriginSource): string {
  const configured = ctx.deps.config.publicUrl;
  return configured ? configured.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '') : requestOrigin(ctx);
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
