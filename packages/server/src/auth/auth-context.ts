import { membersOf, type Scope } from '../contract-types';

export type { Scope, StaffRole } from '../contract-types';

/** Every API scope (contract: Scope), for validation and docs. */
export const allScopes: readonly Scope[] = membersOf<Scope>({
  'manage:tournaments': true,
  'read:tournaments': true,
  'read:circuits': true,
  'manage:circuits': true,
  'manage:webhooks': true,
  'read:webhooks': true,
  'read:analytics': true,
  'anticheat:session.write': true,
  'anticheat:detections.read': true,
  'anticheat:evidence.write': true,
});

/**
 * Who is calling, resolved once per request by the authenticate middleware (R1.7 to R1.9):
 * nobody, a user with a bearer access token, or an API key bound to one project.
 */
export type AuthContext =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; sessionId: string }
  | { kind: 'apiKey'; apiKeyId: string; projectId: string; scopes: readonly Scope[] };

/** An authenticated API key caller. */
export type ApiKeyAuth = Extract<AuthContext, { kind: 'apiKey' }>;
/** An authenticated user caller. */
export type UserAuth = Extract<AuthContext, { kind: 'user' }>;
