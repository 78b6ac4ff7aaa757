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

/** Scopes that include another (R1.19): managing tournaments or circuits includes reading them. */
const INCLUDED_BY: Partial<Record<Scope, readonly Scope[]>> = {
  'read:tournaments': ['manage:tournaments'],
  'read:circuits': ['manage:circuits'],
};

/**
 * True when a key holding `held` may do what `needed` allows: it holds `needed`, or a scope that includes it
 * (`manage:tournaments` includes `read:tournaments`, `manage:circuits` includes `read:circuits`; R1.19).
 */
export function grantsScope(held: readonly Scope[], needed: Scope): boolean {
  return held.includes(needed) || (INCLUDED_BY[needed] ?? []).some((s) => held.includes(s));
}

/** The scopes that include `scope`, itself first (what a key must hold one of to be allowed `scope`). */
export function scopesIncluding(scope: Scope): readonly Scope[] {
  return [scope, ...(INCLUDED_BY[scope] ?? [])];
}

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
