import type { OperationHandlers } from '../http/operation';
import { apiKeyHandlers } from './api-keys';
import { authHandlers } from './auth';
import { healthHandlers } from './health';
import { matchHandlers } from './matches';
import { organizationHandlers } from './organizations';
import { participantHandlers } from './participants';
import { projectHandlers } from './projects';
import { tournamentHandlers } from './tournaments';
import { userHandlers } from './users';

/** Every implemented operation, by operationId. Operations of openapi.yaml missing here answer 501. */
export const operationHandlers: OperationHandlers = {
  ...healthHandlers,
  ...authHandlers,
  ...userHandlers,
  ...organizationHandlers,
  ...projectHandlers,
  ...apiKeyHandlers,
  ...tournamentHandlers,
  ...participantHandlers,
  ...matchHandlers,
};
