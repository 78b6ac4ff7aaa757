import type { AuthContext } from '../../auth/auth-context';
import { computeCircuitAnalytics } from './circuit-analytics';
import { computeTournamentAnalytics } from './tournament-analytics';
import { READ_ANALYTICS, READER_ROLES, requireCircuit } from '../circuits/circuit-access';
import { requireVisibleTournament } from '../tournaments/visibility';
import type { CircuitAnalytics, TournamentAnalytics } from '../../contract-types';
import { DomainService } from '../domain-service';

/**
 * Tournament and circuit analytics (R17.1 to R17.3), computed from the data at request time:
 * a key of the resource's project with read:analytics, or any staff member of its organization; another project's
 * resource is 404, a signed-in user who is not staff 403 (404 for an unpublished resource).
 */
export class AnalyticsService extends DomainService {
  /** Participant and match analytics of a tournament (analytics/tournament-analytics.ts). @throws AppError 401/403/404. */
  async getTournamentAnalytics(auth: AuthContext, tournamentId: string): Promise<TournamentAnalytics> {
    this.access.requireAuthenticated(auth);
    const row = await requireVisibleTournament(this.deps.db, this.access, auth, tournamentId);
    await this.access.requireProject(auth, row.project_id, { scope: 'read:analytics', roles: READER_ROLES, resource: 'tournament' });
    return computeTournamentAnalytics(this.deps.db, row, this.deps.clock.now().toISOString());
  }

  /** Engagement and standings analytics of a circuit (analytics/circuit-analytics.ts). @throws AppError 401/403/404. */
  async getCircuitAnalytics(auth: AuthContext, circuitId: string): Promise<CircuitAnalytics> {
    const { row } = await requireCircuit(this.deps.db, this.access, auth, circuitId, READ_ANALYTICS);
    return computeCircuitAnalytics(this.deps.db, row, this.deps.clock.now().toISOString());
  }
}
