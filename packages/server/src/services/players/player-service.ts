import type { AuthContext } from '../../auth/auth-context';
import { toPage, type Page, withTotalCap } from '../../db/page-query';
import type { MyMatch, MyMatchListQuery, MyTournament, MyTournamentListQuery, PublicTournamentListQuery, Tournament } from '../../contract-types';
import { DomainService } from '../domain-service';
import { upcomingTournamentsQuery } from '../tournaments/tournament-list-query';
import { readTournaments } from '../tournaments/tournament-reader';
import { myParticipantIds, queryMyMatchPage, readMyMatches } from './my-matches';
import { queryMyTournamentPage, readMyTournaments } from './my-tournaments';
import { queryPublicTournamentPage } from './public-tournaments';

/**
 * What a player uses to find what to play (R26.1, R26.3, R26.4): the public list of published tournaments (no
 * credentials), and the caller's own tournaments and matches across projects (a user token).
 */
export class PlayerService extends DomainService {
  /** A page of published tournaments of every project, soonest start first (R26.1); needs no credentials. */
  async listPublic(query: PublicTournamentListQuery): Promise<Page<Tournament>> {
    const { rows, total, capped } = await queryPublicTournamentPage(this.db, withTotalCap(query, this.deps.config.listTotalCap));
    return toPage(await readTournaments(this.db, rows), query, total, capped);
  }

  /**
   * The public tournaments announced to start from the UTC day `fromDay` (`YYYY-MM-DD`) on, not started yet
   * (PUBLISHED, REGISTRATION_OPEN, REGISTRATION_CLOSED), soonest first, at most `limit` (the home page, R28.15).
   */
  async listUpcoming(fromDay: string, limit: number): Promise<Tournament[]> {
    return readTournaments(this.db, await upcomingTournamentsQuery(this.db, fromDay, limit).execute());
  }

  /**
   * A page of the tournaments the caller plays in, with her participant (R26.3).
   * @throws AppError 401 anonymous, 403 API_KEY_NOT_ALLOWED for a key (the operation takes a user token only).
   */
  async myTournaments(auth: AuthContext, query: MyTournamentListQuery): Promise<Page<MyTournament>> {
    const userId = this.access.requireUser(auth);
    const { rows, total, capped } = await queryMyTournamentPage(this.db, userId, withTotalCap(query, this.deps.config.listTotalCap));
    return toPage(await readMyTournaments(this.db, rows), query, total, capped);
  }

  /**
   * A page of the caller's matches across her tournaments, next match first (R26.4).
   * @throws AppError 401 anonymous, 403 API_KEY_NOT_ALLOWED for a key.
   */
  async myMatches(auth: AuthContext, query: MyMatchListQuery): Promise<Page<MyMatch>> {
    const userId = this.access.requireUser(auth);
    const participantIds = await myParticipantIds(this.db, userId);
    if (participantIds.length === 0) return toPage([], query, 0);
    const { rows, total, capped } = await queryMyMatchPage(this.db, participantIds, withTotalCap(query, this.deps.config.listTotalCap));
    return toPage(await readMyMatches(this.db, participantIds, rows), query, total, capped);
  }
}
