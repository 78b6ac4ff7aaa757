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
import { shell } from './html';
import { matchMain } from './match-page';
import { PAGE_CSS } from './styles';
import { tournamentMain, type TournamentPageData } from './tournament-page';
import { referencePage } from './reference-page';

type PageContext = Parameters<Middleware<ApiState, ApiContextExtras>>[0];

/** Pages read as nobody: only what is public is shown (R28.5); a DRAFT tournament is 404 whatever the caller sends. */
const ANONYMOUS: AuthContext = { kind: 'anonymous' };

function sendHtml(ctx: PageContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = body;
}

/** Runs a page, answering an HTML 404 page when the thing is unknown or not public. */
async function page(ctx: PageContext, render: () => Promise<string>): Promise<void> {
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

/**
 * The public pages (R28.5 to R28.9), outside /api/v1: `/t/{id}` a tournament (`?view=broadcast` for OBS),
 * `/t/{id}/live` its main part (the page script redraws from it), `/m/{id}` a match, `/c/{id}` a circuit,
 * `/assets/live.js` the page script, `/docs` the API reference, `/openapi.json` and `/openapi.yaml` the contract.
 */
export function pageRoutes(): Middleware<ApiState, ApiContextExtras> {
  const router = new Router<ApiState, ApiContextExtras>();
  router.get('/t/:id', (ctx) =>
    page(ctx, async () => {
      // The live stream position first, so that no change after the data is read is missed by the page script.
      const { latest: seq } = await ctx.services.live.open(ANONYMOUS, ctx.params.id!);
      const data = await tournamentData(ctx, ctx.params.id!);
      const broadcast = isBroadcast(ctx);
      return shell({ title: data.tournament.name, main: tournamentMain(data, broadcast), broadcast, live: { tournamentId: data.tournament.id, seq } }, PAGE_CSS);
    }),
  );
  router.get('/t/:id/live', (ctx) =>
    page(ctx, async () => tournamentMain(await tournamentData(ctx, ctx.params.id!), isBroadcast(ctx))),
  );
  router.get('/m/:id', (ctx) =>
    page(ctx, async () => {
      const match = await ctx.services.matches.get(ANONYMOUS, ctx.params.id!);
      const { tournament, bracket } = await tournamentData(ctx, match.tournamentId);
      // The round as the tournament page names it ("Quarter-finals", "Losers round 2", R27.11).
      const round = bracket?.stages.flatMap((s) => s.rounds).find((r) => r.matches.some((m) => m.id === match.id))?.name;
      return shell({ title: `${tournament.name}: match ${match.round}.${match.number}`, main: matchMain(match, tournament.name, round) }, PAGE_CSS);
    }),
  );
  router.get('/c/:id', (ctx) =>
    page(ctx, async () => {
      const circuit = await ctx.services.circuits.getPublic(ctx.params.id!);
      return shell({ title: circuit.name, main: circuitMain(circuit) }, PAGE_CSS);
    }),
  );
  router.get('/assets/live.js', async (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = await pageScript();
  });
  router.get('/docs', (ctx) => sendHtml(ctx, 200, referencePage()));
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
  const routes = router.routes() as unknown as Middleware<ApiState, ApiContextExtras>;
  // No page lives under the API prefix: its requests skip this router's matching (R28.5).
  return (ctx, next) => (ctx.path.startsWith(API_PAGES_SKIP) ? next() : routes(ctx, next));
}

/** Paths under this prefix are operations, never pages. */
const API_PAGES_SKIP = `${API_PREFIX}/`;

/** The contract as served, serialized once per process. */
let yamlText: string | undefined;
let jsonText: string | undefined;

