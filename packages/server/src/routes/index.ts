import type { OperationHandlers } from '../http/operation';
import { analyticsHandlers } from './analytics';
import { antiCheatHandlers } from './anti-cheat';
import { apiKeyHandlers } from './api-keys';
import { authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { circuitHandlers } from './circuits';
import { gamingHandlers } from './gaming';
import { healthHandlers } from './health';
import { liveEventHandlers } from './live-events';
import { matchHandlers } from './matches';
import { notificationHandlers } from './notifications';
import { organizationHandlers } from './organizations';
import { participantHandlers } from './participants';
import { playerHandlers } from './players';
import { projectHandlers } from './projects';
import { resultHandlers } from './results';
import { tournamentHandlers } from './tournaments';
import { userHandlers } from './users';
import { webhookHandlers } from './webhooks';

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
  ...antiCheatHandlers,
  ...circuitHandlers,
  ...analyticsHandlers,
  ...webhookHandlers,
  ...gamingHandlers,
  ...notificationHandlers,
  ...calendarHandlers,
  ...playerHandlers,
  ...resultHandlers,
  ...liveEventHandlers,
};
