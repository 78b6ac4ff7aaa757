/**
 * Fixtures of the series-* tests (R25.1 to R25.9): report bodies of per-game scores, playing a match by report and
 * confirmation, and reading the schedule.
 */
import { expectStatus, request, type TestServer, type TestUser } from './helpers/index';
import { act } from './matches-helpers';

const MAPS = ['Inferno', 'Nuke', 'Mirage', 'Ancient', 'Anubis'];

/** A game seen from the winner: [winner's rounds, loser's rounds]. */
export type WinnerGame = [number, number];

/**
 * A report body of per-game scores in slot order, from games seen by the winner (a game the winner lost is written
 * [their rounds, opponent's rounds] too, e.g. [7, 13]).
 */
export function gamesBody(match: any, winnerId: string, games: readonly WinnerGame[]): { games: { scores: [number, number]; map: string }[] } {
  const winnerFirst = match.participants[0].participantId === winnerId;
  return { games: games.map(([w, l], i) => ({ scores: winnerFirst ? [w, l] : [l, w], map: MAPS[i]! })) };
}

/** The better seed of a match and the other side. */
export function sidesBySeed(match: any): { winnerId: string; loserId: string } {
  const [a, b] = match.participants;
  return a.seed < b.seed ? { winnerId: a.participantId, loserId: b.participantId } : { winnerId: b.participantId, loserId: a.participantId };
}

/** Reports `body` as the winner's player and confirms as the loser's; returns the confirmed match. */
export async function reportAndConfirm(server: TestServer, match: any, byParticipant: Map<string, TestUser>, winnerId: string, loserId: string, body: unknown): Promise<any> {
  const report = await act(server, match.id, 'report', byParticipant.get(winnerId)!.accessToken, body);
  expectStatus(report, 200, 'report');
  const confirm = await act(server, match.id, 'confirm', byParticipant.get(loserId)!.accessToken);
  expectStatus(confirm, 200, 'confirm');
  return confirm.body.data;
}

/** GET /tournaments/{id}/schedule with `query` (limit 100). */
export async function schedule(server: TestServer, id: string, query: Record<string, string | number>): Promise<any> {
  const res = await request(server, 'GET', `/tournaments/${id}/schedule`, { query: { limit: 100, ...query } });
  expectStatus(res, 200, 'schedule');
  return res.body;
}
