import type { AppDeps } from '../deps';
import { type AuthContext, grantsScope, type Scope, type StaffRole } from '../auth/auth-context';
import { AppError, invalidField, notFound } from '../errors/app-error';
import type { Db } from '../db/db';

/** Roles allowed to manage tournaments and circuits (R1.11). */
export const MANAGER_ROLES: readonly StaffRole[] = ['OWNER', 'ADMIN', 'ORGANIZER'];
/** Roles allowed to resolve disputes: managers and moderators. */
export const REFEREE_ROLES: readonly StaffRole[] = ['OWNER', 'ADMIN', 'ORGANIZER', 'MODERATOR'];
/** Roles allowed to administer an organization, its projects and API keys. */
export const ADMIN_ROLES: readonly StaffRole[] = ['OWNER', 'ADMIN'];

/** Requirements for acting on a project's resources: the key scope and, for users, the staff roles. */
export interface ProjectRequirement {
  /** Scope an API key must hold; omit when any key of the project will do. */
  scope?: Scope;
  /** Staff roles a user must hold in the project's organization. */
  roles: readonly StaffRole[];
  /** Resource name for the 404 message, e.g. "tournament". */
  resource: string;
  /**
   * The resource is private (API keys, webhook subscriptions and deliveries): a user who is not staff of the owning
   * organization gets 404, as for an unknown id, so that the answer tells nothing of its existence (R4.11).
   * Staff with too small a role still get 403. Public resources (tournaments, circuits) keep 403 for non-staff.
   */
  private?: boolean;
}

/** Who acts on a project, once allowed: a key, or a staff user with a role. */
export type ProjectActor = { kind: 'apiKey'; apiKeyId: string } | { kind: 'user'; userId: string; role: StaffRole };

/**
 * Authorization checks shared by every service (R1.7 to R1.11, R4.2 to R4.5).
 * 401 UNAUTHORIZED without credentials; 404 NOT_FOUND for another project's resource (never 403);
 * 403 INSUFFICIENT_SCOPE for a key without the scope; 403 FORBIDDEN for a user without the role.
 */
export class AccessService {
  constructor(private readonly deps: AppDeps) {}

  /** The calling user's id. 401 when anonymous; 403 API_KEY_NOT_ALLOWED for an API key (R1.8). */
  requireUser(auth: AuthContext): string {
    if (auth.kind === 'user') return auth.userId;
    if (auth.kind === 'apiKey') {
      throw new AppError('API_KEY_NOT_ALLOWED', 'this operation needs a user access token (Authorization: Bearer); API keys cannot perform it');
    }
    throw new AppError('UNAUTHORIZED', 'authentication required: send Authorization: Bearer <access token>');
  }

  /** 401 when anonymous. */
  requireAuthenticated(auth: AuthContext): asserts auth is Exclude<AuthContext, { kind: 'anonymous' }> {
    if (auth.kind === 'anonymous') {
      throw new AppError('UNAUTHORIZED', 'authentication required: send X-API-Key or Authorization: Bearer');
    }
  }

  /** 403 INSUFFICIENT_SCOPE unless the key holds `scope`. Users are not scope-checked (roles apply instead). */
  requireScope(auth: AuthContext, scope: Scope): void {
    if (auth.kind === 'apiKey' && !grantsScope(auth.scopes, scope)) {
      throw new AppError('INSUFFICIENT_SCOPE', `this API key lacks the scope ${scope}`);
    }
  }

  /** The staff role of a user in an organization, or null. */
  roleInOrganization(userId: string, organizationId: string): Promise<StaffRole | null> {
    return staffRoleIn(this.deps.db, organizationId, userId);
  }

  /** The staff role of a user in the organization owning a project, or null (also null for an unknown project). */
  async roleInProject(userId: string, projectId: string): Promise<StaffRole | null> {
    return (await this.#projectMembership(userId, projectId))?.role ?? null;
  }

  /** The user's role in the organization owning the project (null: not staff), or undefined when the project is unknown. */
  async #projectMembership(userId: string, projectId: string): Promise<{ role: StaffRole | null } | undefined> {
    const row = await this.deps.db
      .selectFrom('projects')
      .leftJoin('organization_members as m', (join) => join.onRef('m.organization_id', '=', 'projects.organization_id').on('m.user_id', '=', userId))
      .select('m.role')
      .where('projects.id', '=', projectId)
      .executeTakeFirst();
    return row && { role: (row.role as StaffRole | null) ?? null };
  }

  /**
   * Checks that the caller may act on a resource of `projectId`. Keys: same project (else 404) and the scope.
   * Users: a staff role among `req.roles` in the project's organization (else 403 FORBIDDEN; 404 NOT_FOUND for a
   * user who is not staff at all when `req.private`, and for everyone when the project no longer exists).
   */
  async requireProject(auth: AuthContext, projectId: string, req: ProjectRequirement): Promise<ProjectActor> {
    this.requireAuthenticated(auth);
    if (auth.kind === 'apiKey') {
      if (auth.projectId !== projectId) throw notFound(req.resource);
      if (req.scope) this.requireScope(auth, req.scope);
      return { kind: 'apiKey', apiKeyId: auth.apiKeyId };
    }
    const membership = await this.#projectMembership(auth.userId, projectId);
    // A project deleted since the resource was read (its organization deleted meanwhile): the resource is gone too.
    if (!membership) throw notFound(req.resource);
    const { role } = membership;
    if (!role && req.private) throw notFound(req.resource);
    if (!role || !req.roles.includes(role)) {
      throw new AppError('FORBIDDEN', `you need one of the roles ${req.roles.join(', ')} in the organization owning this ${req.resource}`);
    }
    return { kind: 'user', userId: auth.userId, role };
  }

  /**
   * The project a new resource belongs to (R4.2, R4.3): a key's own project (any `projectId` sent is
   * ignored, R4.2); for a user, the `projectId` field of the request (400 naming it when missing,
   * 404 when unknown or when the user is not staff of its organization: projects are private, R4.11), which the user
   * must be staff of with one of `req.roles` (else 403).
   */
  async resolveProjectForCreate(
    auth: AuthContext,
    requestedProjectId: string | undefined,
    req: ProjectRequirement & { field?: string },
  ): Promise<{ projectId: string; actor: ProjectActor }> {
    this.requireAuthenticated(auth);
    if (auth.kind === 'apiKey') {
      if (req.scope) this.requireScope(auth, req.scope);
      return { projectId: auth.projectId, actor: { kind: 'apiKey', apiKeyId: auth.apiKeyId } };
    }
    const field = req.field ?? 'body.projectId';
    if (!requestedProjectId) throw invalidField(field, 'is required when calling with a user access token');
    const project = await this.deps.db.selectFrom('projects').select('id').where('id', '=', requestedProjectId).executeTakeFirst();
    if (!project || !(await this.roleInProject(auth.userId, requestedProjectId))) throw notFound('project');
    const actor = await this.requireProject(auth, requestedProjectId, req);
    return { projectId: requestedProjectId, actor };
  }

  /**
   * The project whose resources a list reads (R4.2, R4.3): a key's own project; for a user, the `projectId` query
   * parameter (400 naming `query.projectId` when missing, 404 when unknown), which the user must be staff of with
   * one of `req.roles`.
   */
  async resolveProjectToList(auth: AuthContext, requestedProjectId: string | undefined, req: ProjectRequirement): Promise<string> {
    const { projectId } = await this.resolveProjectForCreate(auth, requestedProjectId, { ...req, field: 'query.projectId' });
    return projectId;
  }
}

/**
 * The role of `userId` in the organization (null: not staff), read through `db`: the app's database, or a
 * transaction's handle under the organization's lock (staff changes, R18.12).
 */
export async function staffRoleIn(db: Db, organizationId: string, userId: string): Promise<StaffRole | null> {
  const row = await db
    .selectFrom('organization_members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.role as StaffRole | undefined) ?? null;
}
