import type { Selectable } from 'kysely';
import type { ProjectsTable } from '../../db/schema';
import type { AuthContext, StaffRole } from '../../auth/auth-context';
import { AppError, notFound } from '../../errors/app-error';
import { queryPage, toPage, withTotalCap } from '../../db/page-query';
import { newId } from '../../ids';
import { ADMIN_ROLES, REFEREE_ROLES } from '../access';
import type { Page, PageQuery } from '../../db/page-query';
import type { Project, ProjectCreate, ProjectPlan, ProjectUpdate } from '../../contract-types';
import { DomainService } from '../domain-service';
import { storedName } from '../stored-name';

const ANY_STAFF: readonly StaffRole[] = REFEREE_ROLES;

/**
 * Projects of an organization (R4.7 to R4.9). Creating and renaming need OWNER or ADMIN, choosing or changing
 * the plan needs OWNER (this is a self-hosted server: PRO is not sold, the owner picks it). Reading needs a staff
 * role or an API key of the project. Projects are not public: a user who is not staff, or another project's key,
 * gets 404; a staff member without the needed role gets 403 FORBIDDEN.
 */
export class ProjectService extends DomainService {
  /** Creates a project (plan FREE unless an OWNER asks for PRO). 404 unknown organization; 403 without the role. */
  async create(auth: AuthContext, organizationId: string, input: ProjectCreate): Promise<Project> {
    const userId = this.access.requireUser(auth);
    const org = await this.deps.db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw notFound('organization');
    const role = await this.access.roleInOrganization(userId, organizationId);
    if (!role || !ADMIN_ROLES.includes(role)) {
      throw new AppError('FORBIDDEN', `you need one of the roles ${ADMIN_ROLES.join(', ')} in this organization to create a project`);
    }
    const plan = input.plan ?? 'FREE';
    if (plan === 'PRO' && role !== 'OWNER') throw new AppError('FORBIDDEN', 'only an OWNER may choose the PRO plan');
    const now = this.deps.clock.now().toISOString();
    const row = { id: newId(), organization_id: organizationId, name: storedName(input.name, 'body.name'), plan, created_at: now, updated_at: now };
    await this.deps.db.transaction().execute((trx) => trx.insertInto('projects').values(row).execute());
    return toProject(row);
  }

  /** Projects of an organization, oldest first (any staff role). 404 unknown organization, 403 for non-staff. */
  async list(auth: AuthContext, organizationId: string, query: PageQuery): Promise<Page<Project>> {
    const userId = this.access.requireUser(auth);
    const org = await this.deps.db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw notFound('organization');
    const role = await this.access.roleInOrganization(userId, organizationId);
    if (!role) throw new AppError('FORBIDDEN', 'only staff of this organization may list its projects');
    const base = this.deps.db.selectFrom('projects').where('organization_id', '=', organizationId);
    const { rows, total, capped } = await queryPage(base, withTotalCap(query, this.deps.config.listTotalCap), (b) => b.selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc'));
    return toPage(rows.map(toProject), query, total, capped);
  }

  /** A project, for staff of its organization or an API key of the project (404 for anyone else). */
  async get(auth: AuthContext, projectId: string): Promise<Project> {
    this.access.requireAuthenticated(auth);
    const row = await this.#find(projectId);
    if (auth.kind === 'apiKey') {
      if (auth.projectId !== projectId) throw notFound('project');
    } else {
      await this.#staffRole(auth.userId, row);
    }
    return toProject(row);
  }

  /** Renames a project (OWNER or ADMIN) and/or changes its plan (OWNER only). 404 for non-staff, 403 without the role. */
  async update(auth: AuthContext, projectId: string, input: ProjectUpdate): Promise<Project> {
    const userId = this.access.requireUser(auth);
    const row = await this.#find(projectId);
    const role = await this.#staffRole(userId, row);
    if (!ADMIN_ROLES.includes(role)) {
      throw new AppError('FORBIDDEN', `you need one of the roles ${ADMIN_ROLES.join(', ')} in this organization to update a project`);
    }
    if (input.plan !== undefined && input.plan !== row.plan && role !== 'OWNER') {
      throw new AppError('FORBIDDEN', 'only an OWNER may change the plan of a project');
    }
    const changes: Partial<Selectable<ProjectsTable>> = { updated_at: this.deps.clock.now().toISOString() };
    if (input.name !== undefined) changes.name = storedName(input.name, 'body.name');
    if (input.plan !== undefined) changes.plan = input.plan;
    const updated = await this.deps.db.updateTable('projects').set(changes).where('id', '=', projectId).returningAll().executeTakeFirst();
    if (!updated) throw notFound('project');
    return toProject(updated);
  }

  async #find(projectId: string): Promise<Selectable<ProjectsTable>> {
    const row = await this.deps.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
    if (!row) throw notFound('project');
    return row;
  }

  /** The user's staff role in the project's organization; 404 when none (projects are not public). */
  async #staffRole(userId: string, project: Selectable<ProjectsTable>): Promise<StaffRole> {
    const role = await this.access.roleInOrganization(userId, project.organization_id);
    if (!role || !ANY_STAFF.includes(role)) throw notFound('project');
    return role;
  }
}

/** The API shape of a projects row. */
export function toProject(row: Selectable<ProjectsTable>): Project {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    plan: row.plan as ProjectPlan,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
