/** An API scope (spec 5.4; contract: Scope). */
export type Scope =
  | 'manage:tournaments'
  | 'read:tournaments'
  | 'read:circuits'
  | 'manage:circuits'
  | 'manage:webhooks'
  | 'read:webhooks'
  | 'read:analytics'
  | 'anticheat:session.write'
  | 'anticheat:detections.read'
  | 'anticheat:evidence.write';

/** Every scope, for validation and docs. */
export const allScopes: readonly Scope[] = [
  'manage:tournaments',
  'read:tournaments',
  'read:circuits',
  'manage:circuits',
  'manage:webhooks',
  'read:webhooks',
  'read:analytics',
  'anticheat:session.write',
  'anticheat:detections.read',
  'anticheat:evidence.write',
];

/**
 * Who is calling, resolved once per request by the authenticate middleware (spec Part 5):
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

/** Staff roles of an organization (DESIGN "Identity and authorization"). */
export type StaffRole = 'OWNER' | 'ADMIN' | 'ORGANIZER' | 'MODERATOR';
