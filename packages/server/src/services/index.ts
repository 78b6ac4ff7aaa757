import type { AppDeps } from '../deps';
import { AccessService } from './access';
import { ApiKeyService } from './api-key-service';
import { AuthService } from './auth-service';
import { HealthService } from './health-service';
import { MatchService } from './match-service';
import { OrganizationService } from './organization-service';
import { ParticipantService } from './participant-service';
import { ProjectService } from './project-service';
import { TournamentService } from './tournament-service';
import { UserService } from './user-service';

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
  };
}
