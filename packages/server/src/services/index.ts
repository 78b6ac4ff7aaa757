import type { AppDeps } from '../deps';
import { AccessService } from './access';
import { AccountDeletionService } from './users/account-deletion-service';
import { AnalyticsService } from './analytics/analytics-service';
import { AntiCheatService } from './anti-cheat/anti-cheat-service';
import { ApiKeyService } from './api-keys/api-key-service';
import { AuthService } from './auth/auth-service';
import { CalendarService } from './calendar/calendar-service';
import { CircuitService } from './circuits/circuit-service';
import { GamingService } from './gaming/gaming-service';
import { HealthService } from './health/health-service';
import { LiveEventService } from './live/live-event-service';
import { MatchService } from './matches/match-service';
import { NotificationService } from './notifications/notification-service';
import { OrganizationService } from './organizations/organization-service';
import { ParticipantService } from './participants/participant-service';
import { PlayerService } from './players/player-service';
import { ProjectService } from './projects/project-service';
import { ResultsService } from './results/results-service';
import { RosterService } from './participants/roster-service';
import { StaffService } from './organizations/staff-service';
import { StaffInvitationService } from './organizations/staff-invitation-service';
import { TournamentService } from './tournaments/tournament-service';
import { StageDrawService } from './stages/stage-draw-service';
import { UserService } from './users/user-service';
import { WebhookService } from './webhooks/webhook-service';

/** Every service of the app, built once per app from its deps. */
export interface Services {
  access: AccessService;
  health: HealthService;
  auth: AuthService;
  users: UserService;
  /** Deleting one's own account (deleteMe, R14.8). */
  accountDeletion: AccountDeletionService;
  organizations: OrganizationService;
  projects: ProjectService;
  apiKeys: ApiKeyService;
  tournaments: TournamentService;
  stageDraw: StageDrawService;
  participants: ParticipantService;
  /** Organizer-added participants, CSV, bulk seeding and the bracket preview (R24). */
  roster: RosterService;
  matches: MatchService;
  antiCheat: AntiCheatService;
  circuits: CircuitService;
  analytics: AnalyticsService;
  webhooks: WebhookService;
  staff: StaffService;
  staffInvitations: StaffInvitationService;
  gaming: GamingService;
  notifications: NotificationService;
  calendar: CalendarService;
  players: PlayerService;
  results: ResultsService;
  live: LiveEventService;
}

/** Builds the services; each takes the app deps and the shared AccessService. */
export function createServices(deps: AppDeps): Services {
  const access = new AccessService(deps);
  const antiCheat = new AntiCheatService(deps);
  return {
    access,
    health: new HealthService(deps),
    auth: new AuthService(deps, access),
    users: new UserService(deps, access),
    accountDeletion: new AccountDeletionService(deps, access),
    organizations: new OrganizationService(deps, access, antiCheat.storage),
    projects: new ProjectService(deps, access),
    apiKeys: new ApiKeyService(deps, access),
    tournaments: new TournamentService(deps, access),
    stageDraw: new StageDrawService(deps, access),
    participants: new ParticipantService(deps, access),
    roster: new RosterService(deps, access),
    matches: new MatchService(deps, access),
    antiCheat,
    circuits: new CircuitService(deps, access),
    analytics: new AnalyticsService(deps, access),
    webhooks: new WebhookService(deps, access),
    staff: new StaffService(deps, access),
    staffInvitations: new StaffInvitationService(deps, access),
    gaming: new GamingService(deps, access),
    notifications: new NotificationService(deps, access),
    calendar: new CalendarService(deps, access),
    players: new PlayerService(deps, access),
    results: new ResultsService(deps, access),
    live: new LiveEventService(deps, access),
  };
}
