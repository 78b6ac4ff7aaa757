import type { AuthContext } from '../../auth/auth-context';
import { AppError } from '../../errors/app-error';
import { DomainService } from '../domain-service';
import { requireVisibleTournament } from '../tournaments/visibility';
import { matchesCsv } from './matches-csv';
import { resultsCsv } from './results-csv';

/** Results out as CSV (R26.6, R26.7), readable by whoever may read the tournament's bracket and schedule (R4.6). */
export class ResultsService extends DomainService {
  /**
   * results.csv of a visible tournament (R26.6).
   * @throws AppError 404 unknown or invisible (a DRAFT to strangers), 409 INVALID_STATE before the start.
   */
  async resultsCsv(auth: AuthContext, id: string): Promise<string> {
    const row = await requireVisibleTournament(this.db, this.access, auth, id);
    if (row.status !== 'ONGOING' && row.status !== 'COMPLETED') {
      throw new AppError('INVALID_STATE', `results exist once the tournament has started (it is ${row.status})`);
    }
    return resultsCsv(this.db, row.id);
  }

  /** matches.csv of a visible tournament (R26.7); only the header before the start. @throws AppError 404 unknown or invisible. */
  async matchesCsv(auth: AuthContext, id: string): Promise<string> {
    const row = await requireVisibleTournament(this.db, this.access, auth, id);
    return matchesCsv(this.db, row.id);
  }
}
