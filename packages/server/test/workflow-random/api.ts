/**
 * HTTP for the randomized workflow test: every request goes through `Api.call`, which checks what every answer owes
 * (R2.3, R2.4, R2.7, R2.9: never a 5xx; a 4xx is the error envelope with a code, a message and the request id of the
 * X-Request-Id header; a 400 names the field) and the status the model expects, and keeps the writes of the current
 * step for the failure report. Reads of the whole tournament (`snapshot`) go through it too.
 */
import { request, type TestResponse, type TestServer } from '../helpers/index';
import { allMatches } from '../tournaments-helpers';

/** What a run found wrong, and the steps that led there. */
export class RunLog {
  /** One line per step: "#12 report s1 WINNERS r1 #2 (Player 3 v Player 5) ... -> 200". */
  readonly steps: string[] = [];
  /** Problems of the current step (invariants broken, unexpected answers). */
  readonly violations: string[] = [];
  /** Writes of the current step, "POST report -> 200". */
  writes: string[] = [];

  violate(message: string): void {
    if (this.violations.length < 40) this.violations.push(message);
  }
}

/** The tournament as its public reads show it after a step. */
export interface Snapshot {
  tournament: any;
  stages: any[];
  participants: any[];
  /** The schedule: every match, in play order. */
  matches: any[];
  bracket: any;
}

const shortPath = (path: string) => path.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}/g, '/:id');

export class Api {
  constructor(
    readonly server: TestServer,
    readonly log: RunLog,
  ) {}

  /**
   * Sends a request and checks its answer: no 5xx, a well-formed 4xx, and (with `expect`) one of the statuses the
   * model allows. Writes are kept in the step's log line.
   */
  async call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; query?: Record<string, string | number>; expect?: readonly number[] } = {},
  ): Promise<TestResponse> {
    const res = await request(this.server, method, path, { token: options.token, body: options.body, query: options.query });
    const code: string | undefined = res.body?.error?.code;
    if (method !== 'GET') this.log.writes.push(`${method} ${shortPath(path).replace(/^\/(matches|tournaments)\/:id\/?/, '')} -> ${res.status}${code ? ` ${code}` : ''}`);
    const what = `${method} ${shortPath(path)}`;
    if (res.status >= 500) {
      this.log.violate(`${what} answered ${res.status}: ${res.text.slice(0, 400)}`);
    } else if (res.status >= 400) {
      const error = res.body?.error;
      if (res.body?.success !== false || !error || typeof error.code !== 'string' || typeof error.message !== 'string' || error.message === '') {
        this.log.violate(`${what} answered ${res.status} without an error envelope (code, message): ${res.text.slice(0, 300)}`);
      } else {
        if (error.requestId !== res.headers.get('x-request-id')) this.log.violate(`${what} answered ${res.status} with requestId ${error.requestId}, header ${res.headers.get('x-request-id')}`);
        if (res.status === 400) {
          const named = (error.details ?? []).some((d: any) => typeof d.path === 'string' && /^(body|query|path|header)\b/.test(d.path)) || /\b(body|query|path)\.[A-Za-z]/.test(error.message);
          if (!named) this.log.violate(`${what} answered 400 ${error.code} naming no field: ${error.message}`);
        }
      }
    }
    if (options.expect && !options.expect.includes(res.status)) {
      this.log.violate(`${what} answered ${res.status} ${code ?? ''} (expected ${options.expect.join(' or ')}): ${res.body?.error?.message ?? res.text.slice(0, 200)}`);
    }
    return res;
  }

  /** Every page of a public list. */
  async allPages(path: string): Promise<any[] | null> {
    const out: any[] = [];
    for (let page = 1; page <= 50; page++) {
      const res = await this.call('GET', path, { query: { page, limit: 100 }, expect: [200] });
      if (res.status !== 200) return null;
      out.push(...res.body.data);
      if (!res.body.pagination.hasNext) return out;
    }
    return out;
  }

  /** The tournament, its stages, participants, schedule and bracket; null (and a violation) when a read fails. */
  async snapshot(tournamentId: string, ownerToken: string): Promise<Snapshot | null> {
    const tournament = await this.call('GET', `/tournaments/${tournamentId}`, { token: ownerToken, expect: [200] });
    const stages = await this.call('GET', `/tournaments/${tournamentId}/stages`, { expect: [200] });
    const participants = await this.allPages(`/tournaments/${tournamentId}/participants`);
    let matches: any[] | null = null;
    try {
      matches = await allMatches(this.server, tournamentId);
    } catch (error) {
      this.log.violate(`reading the schedule failed: ${(error as Error).message}`);
    }
    const bracket = await this.call('GET', `/tournaments/${tournamentId}/bracket`, { expect: [200] });
    if (tournament.status !== 200 || stages.status !== 200 || bracket.status !== 200 || !participants || !matches) return null;
    return { tournament: tournament.body.data, stages: stages.body.data, participants, matches, bracket: bracket.body.data };
  }
}
