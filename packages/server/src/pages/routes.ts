import Router from '@koa/router';
import type { Middleware } from 'koa';
import { stringify } from 'yaml';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../errors/app-error';
import type { ApiContextExtras, ApiState } from '../http/operation';
import { openapiDocument } from '../contract';
import { API_PREFIX } from '../http/router';
import { pageScript, referenceScript } from './assets';
import { circuitMain } from './circuit-page';
import { homeMain } from './home-page';
import { shell } from './html';
import { matchMain } from './match-page';
import { PAGE_CSS } from './styles';
import { tournamentMain, type TournamentPageData } from './tournament-page';
import { referenceInitScript, referencePage } from './reference-page';

type PageContext = Parameters<Middleware<ApiState, ApiContextExtras>>[0];

/**
 * Pages read as nobody: only what is public is shown (R28.5); a DRAFT tournament is 404 whatever the caller sends, and
 * the credentials a page request carries are never read (see servesPage).
 */
const ANONYMOUS: AuthContext = { kind: 'anonymous' };

function sendHtml(ctx: PageContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  // A page (200) is tagged and cached as the API's public reads are (conditionalGet: ETag, 304, TOURNEY_PUBLIC_CACHE_SECONDS;
  // R2.20); a 404 page is never kept.
  if (status !== 200) ctx.set('Cache-Control', 'no-cache');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = body;
}

/**
 * The Content-Security-Policy of the public pages (R28.7): scripts only from the server itself (the page script, no
 * inline script), styles from it and inline (the pages' own), images from anywhere (players' avatars), requests and
 * the live stream to the server only, no plugins, no `<base>`. A name that slipped through escaping could run nothing.
 * Embedding (an organizer's site, a broadcast overlay) stays allowed.
 */
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src * data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'";

/** The policy of the API reference (R28.7, R28.9): the pages', with the fonts and workers Scalar may make itself. */
const REFERENCE_CSP = `${PAGE_CSP}; font-src 'self' data:; worker-src 'self' blob:`;

/** Runs a page, answering an HTML 404 page when the thing is unknown or not public. */
async function page(ctx: PageContext, render: () => Promise<string>): Promise<void> {
  ctx.set('Content-Security-Policy', PAGE_CSP);
  try {
    sendHtml(ctx, 200, await render());
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      sendHtml(ctx, 404, shell({ title: 'Not found', main: '<h1>Not found</h1><p>There is no public page here.</p>' }, PAGE_CSS));
      return;
    }
    throw error;
  }
}

/** A tournament's page data as anyone may see it (404 for a tournament that is not public). */
async function tournamentData(ctx: PageContext, id: string): Promise<TournamentPageData> {
  const { services } = ctx;
  const tournament = await services.tournaments.get(ANONYMOUS, id);
  const bracket = tournament.status === 'PUBLISHED' || tournament.status === 'REGISTRATION_OPEN' || tournament.status === 'REGISTRATION_CLOSED'
    ? null
    : await services.tournaments.getBracket(ANONYMOUS, id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'INVALID_STATE') return null;
        throw error;
      });
  return { tournament, bracket };
}

const isBroadcast = (ctx: PageContext) => ctx.query.view === 'broadcast';

/** The id of a page's path in lower case: ids compare without case, as in the API (R2.21). */
const idOf = (ctx: { params: Record<string, string | undefined> }): string => ctx.params.id!.toLowerCase();

/** How many tournaments each list of the home page shows. */
const HOME_LIST_LIMIT = 20;

/**
 * The home page (R28.15): the public tournaments being played, then the announced ones (not started) starting from
 * today (UTC) on; both lists are filtered by status in the database, so neither crowds the other out.
 */
async function homePage(ctx: PageContext): Promise<string> {
  const today = ctx.deps.clock.now().toISOString().slice(0, 10);
  const [live, upcoming] = await Promise.all([
    ctx.services.players.listPublic({ page: 1, limit: HOME_LIST_LIMIT, status: 'ONGOING' }),
    ctx.services.players.listUpcoming(today, HOME_LIST_LIMIT),
  ]);
  return shell({ title: 'Tourney', main: homeMain({ live: live.items, upcoming }) }, PAGE_CSS);
}

/**
 * The router of the public pages (R28.5 to R28.9, R28.15), outside /api/v1: `/` the home page, `/t/{id}` a tournament
 * (`?view=broadcast` for OBS), `/t/{id}/live` its main part (the page script redraws from it), `/m/{id}` a match,
 * `/c/{id}` a circuit, `/assets/live.js` the page script, `/docs` the API reference, `/openapi.json` and
 * `/openapi.yaml` the contract. Built once per process (it holds no state).
 */
function pageRouter(): Router<ApiState, ApiContextExtras> {
  if (shared) return shared;
  const router = new Router<ApiState, ApiContextExtras>();
  router.get('/', (ctx) => page(ctx, () => homePage(ctx)));
  router.get('/t/:id', (ctx) =>
    page(ctx, async () => {
      // The live stream position first, so that no change after the data is read is missed by the page script.
      const { latest: seq } = await ctx.services.live.open(ANONYMOUS, idOf(ctx));
      const data = await tournamentData(ctx, idOf(ctx));
      const broadcast = isBroadcast(ctx);
      return shell({ title: data.tournament.name, main: tournamentMain(data, broadcast), broadcast, live: { tournamentId: data.tournament.id, seq } }, PAGE_CSS);
    }),
  );
  router.get('/t/:id/live', (ctx) =>
    page(ctx, async () => tournamentMain(await tournamentData(ctx, idOf(ctx)), isBroadcast(ctx))),
  );
  router.get('/m/:id', (ctx) =>
    page(ctx, async () => {
      const match = await ctx.services.matches.get(ANONYMOUS, idOf(ctx));
      const { tournament, bracket } = await tournamentData(ctx, match.tournamentId);
      // The round as the tournament page names it ("Quarter-finals", "Losers round 2", R27.11).
      const round = bracket?.stages.flatMap((s) => s.rounds).find((r) => r.matches.some((m) => m.id === match.id))?.name;
      return shell({ title: `${tournament.name}: match ${match.round}.${match.number}`, main: matchMain(match, tournament.name, round) }, PAGE_CSS);
    }),
  );
  router.get('/c/:id', (ctx) =>
    page(ctx, async () => {
      const circuit = await ctx.services.circuits.getPublic(idOf(ctx));
      return shell({ title: circuit.name, main: circuitMain(circuit) }, PAGE_CSS);
    }),
  );
  router.get('/assets/live.js', async (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = await pageScript();
  });
  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', REFERENCE_CSP);
    sendHtml(ctx, 200, referencePage());
  });
  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = referenceInitScript();
  });
  router.get('/docs/reference.js', async (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = await referenceScript();
  });
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = (jsonText ??= JSON.stringify(openapiDocument));
  });
  router.get('/openapi.yaml', (ctx) => {
    ctx.type = 'application/yaml; charset=utf-8';
    ctx.body = (yamlText ??= stringify(openapiDocument));
  });
  shared = router;
  return router;
}

let shared: Router<ApiState, ApiContextExtras> | undefined;

/**
 * The public pages as a middleware (see pageRouter). Requests under the API prefix skip it: no page lives there
 * (R28.5).
 */
export function pageRoutes(): Middleware<ApiState, ApiContextExtras> {
  const routes = pageRouter().routes() as unknown as Middleware<ApiState, ApiContextExtras>;
  return (ctx, next) => (ctx.path.startsWith(API_PAGES_SKIP) ? next() : routes(ctx, next));
}

/**
 * Whether a request (path and method) goes to a public page, the page script, the API reference or the contract:
 * those are read as an anonymous caller, so the app neither looks up nor refuses the credentials such a request
 * carries (R28.5; a site behind an HTTP Basic-auth proxy sends `Authorization: Basic ...` with every page).
 */
export function servesPage(ctx: { path: string; method: string }): boolean {
  return !ctx.path.startsWith(API_PAGES_SKIP) && pageRouter().match(ctx.path, ctx.method).route;
}

/** Paths under this prefix are operations, never pages. */
const API_PAGES_SKIP = `${API_PREFIX}/`;

/** The contract as served, serialized once per process. */
let yamlText: string | undefined;
let jsonText: string | undefined;

