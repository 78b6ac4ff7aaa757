import type { AppDeps } from '../deps';
import { AccessService } from './access';
import { AnalyticsService } from './analytics-service';
import { AntiCheatService } from './anti-cheat-service';
import { ApiKeyService } from './api-key-service';
import { AuthService } from './auth-service';
import { CalendarService } from './calendar-service';
import { CircuitService } from './circuit-service';
import { GamingService } from './gaming-service';
import { HealthService } from './health-service';
import { MatchService } from './match-service';
import { NotificationService } from './notification-service';
import { OrganizationService } from './organization-service';
import { ParticipantService } from './participant-service';
import { ProjectService } from './project-service';
import { StaffService } from './staff-service';
import { TournamentService } from './tournament-service';
import { UserService } from './user-service';
import { WebhookService } from './webhook-service';

/** Every service of the app, built once per app from its deps. */
export interface Services {
  access: AccessService;
  health: HealthService;
  auth: AuthService;
  users: UserService;
  organizations: OrganizationService;
  projects: ProjectService;
  apiKeys: ApiKeyService;
  tournaments: TournamentService;
  participants: ParticipantService;
  matches: MatchService;
  antiCheat: AntiCheatService;
  circuits: CircuitService;
  analytics: AnalyticsService;
  webhooks: WebhookService;
  staff: StaffService;
  gaming: GamingService;
  notifications: NotificationService;
  calendar: CalendarService;
}

/** Builds the services; each takes the app deps and the shared AccessService. */
export function createServices(deps: AppDeps): Services {
  const access = new AccessService(deps);
  return {
    access,
    health: new HealthService(deps),
    auth: new AuthService(deps, access),
    users: new UserService(deps, access),
    organizations: new OrganizationService(deps, access),
    projects: new ProjectService(deps, access),
    apiKeys: new ApiKeyService(deps, access),
    tournaments: new TournamentService(deps, access),
    participants: new ParticipantService(deps, access),
    matches: new MatchService(deps, access),
    antiCheat: new AntiCheatService(deps),
    circuits: new CircuitService(deps, access),
    analytics: new AnalyticsService(deps, access),
    webhooks: new WebhookService(deps, access),
    staff: new StaffService(deps, access),
    gaming: new GamingService(deps, access),
    notifications: new NotificationService(deps, access),
    calendar: new CalendarService(deps, access),
  };
}
