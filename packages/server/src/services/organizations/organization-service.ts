import type { Selectable } from 'kysely';
import type { OrganizationsTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AuthContext, StaffRole } from '../../auth/auth-context';
import { AppError, notFound } from '../../errors/app-error';
import { queryPage, toPage, withTotalCap } from '../../db/page-query';
import { newId } from '../../ids';
import { ADMIN_ROLES } from '../access';
import { slugCandidate, slugify, uniqueSlug } from '../slug';

import type { Db } from '../../db/db';
import type { Page, PageQuery } from '../../db/page-query';
import type { Organization, OrganizationCreate, OrganizationUpdate, StaffMember } from '../../contract-types';
import { DomainService } from '../domain-service';
import { STAFF_MEMBER_COLUMNS, toStaffMember } from './staff-mapper';
import type { AppDeps } from '../../deps';
import type { AccessService } from '../access';
import type { StorageDriver } from '../../storage/storage-driver';
import { storedName } from '../stored-name';

/**
 * Organizations and their staff (R13.1 to R13.4, R1.11). Reading an organization is public;
 * changing it needs OWNER or ADMIN, deleting it OWNER; listing staff needs any staff role. Callers who are not
 * staff get 403 FORBIDDEN (organizations are public, so their existence is no secret).
 * Authorization reads run before a write transaction opens: on SQLite the transaction holds the only connection,
 * so a query through `deps.db` inside it would wait forever.
 */
export class OrganizationService extends DomainService {
  /**
   * @param evidence where the anti-cheat evidence of the organization's projects is stored (AntiCheatService's
   *   storage): deleting the organization deletes those bytes too (R13.3).
   */
  constructor(
    deps: AppDeps,
    access: AccessService,
    private readonly evidence: Pick<StorageDriver, 'delete'>,
  ) {
    super(deps, access);
  }

  /**
   * Creates an organization; the calling user becomes its OWNER. The slug is the given one (409 CONFLICT when taken)
   * or derived from the name and made unique (`name`, `name-2` ...). With several writers, two organizations of the
   * same name may pick the same free slug at once: the unique index refuses the second, which picks again (up to
   * SLUG_ATTEMPTS times, then 409 CONFLICT).
   */
  async create(auth: AuthContext, body: OrganizationCreate): Promise<Organization> {
    const userId = this.access.requireUser(auth);
    const input = { ...body, name: storedName(body.name, 'body.name') };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#insert(userId, input);
      } catch (error) {
        if (!isUniqueViolation(error, 'organizations.slug')) throw error;
        if (input.slug !== undefined || attempt >= SLUG_ATTEMPTS) throw slugTaken(input.slug ?? slugify(input.name));
      }
    }
  }

  /** One attempt of create: picks the slug and inserts the organization and its OWNER in one transaction. */
  async #insert(userId: string, input: OrganizationCreate): Promise<Organization> {
    return this.deps.db.transaction().execute(async (trx) => {
      let slug: string;
      if (input.slug !== undefined) {
        const taken = await trx.selectFrom('organizations').select('id').where('slug', '=', input.slug).executeTakeFirst();
        if (taken) throw slugTaken(input.slug);
        slug = input.slug;
      } else {
        const base = slugify(input.name);
        // Creations of one name pick their slugs one after the other (with several writers, see dialect.lockKey).
        await this.deps.dialect.lockKey(trx, `organization-slug:${base}`);
        slug = await firstFreeSlug(trx, base);
      }
      const now = this.deps.clock.now().toISOString();
      const row = {
        id: newId(),
        name: input.name,
        slug,
        description: input.description ?? null,
        website: input.website ?? null,
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto('organizations').values(row).execute();
      await trx
        .insertInto('organization_members')
        .values({ id: newId(), organization_id: row.id, user_id: userId, role: 'OWNER', joined_at: now })
        .execute();
      return { ...toOrganization(row), ownerId: userId, role: 'OWNER' as const };
    });
  }

  /** An organization's public fields, plus `ownerId` and the caller's `role` for staff. 404 when unknown. */
  async get(auth: AuthContext, organizationId: string): Promise<Organization> {
    const row = await this.#find(organizationId);
    const role = auth.kind === 'user' ? await this.access.roleInOrganization(auth.userId, organizationId) : null;
    return role ? await this.#withStaffFields(row, role) : toOrganization(row);
  }

  /** Updates name, description and website (OWNER or ADMIN). 404 unknown, 403 FORBIDDEN otherwise. */
  async update(auth: AuthContext, organizationId: string, input: OrganizationUpdate): Promise<Organization> {
    const userId = this.access.requireUser(auth);
    await this.#find(organizationId);
    const role = await this.#requireRole(userId, organizationId, ADMIN_ROLES, 'update this organization');
    const changes: Partial<Selectable<OrganizationsTable>> = { updated_at: this.deps.clock.now().toISOString() };
    if (input.name !== undefined) changes.name = storedName(input.name, 'body.name');
    if (input.description !== undefined) changes.description = input.description;
    if (input.website !== undefined) changes.website = input.website;
    const row = await this.deps.db.updateTable('organizations').set(changes).where('id', '=', organizationId).returningAll().executeTakeFirst();
    if (!row) throw notFound('organization');
    return this.#withStaffFields(row, role);
  }

  /**
   * Deletes an organization with its projects and everything they own, the bytes of their anti-cheat evidence
   * included (OWNER only). 409 INVALID_STATE while a
   * tournament of one of its projects is ONGOING. With several writers (R18.12) this is decided under locks, parent
   * first: the organization's row, its circuits' rows, then the rows of all its tournaments (the lock a start takes
   * first), whose statuses are read after them: a start committed first is seen ONGOING (409), a start waiting behind
   * the delete then finds its tournament gone.
   */
  async delete(auth: AuthContext, organizationId: string): Promise<void> {
    const userId = this.access.requireUser(auth);
    await this.#find(organizationId);
    await this.#requireRole(userId, organizationId, ['OWNER'], 'delete this organization');
    const evidenceKeys = await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.dialect.lockRows(trx, 'organizations', [organizationId]);
      const projectIds = trx.selectFrom('projects').select('id').where('organization_id', '=', organizationId);
      // Its circuits before its tournaments, the order a classification locks them in (circuit, then the tournament its
      // row refers to): the two wait for each other instead of deadlocking.
      const circuits = await trx.selectFrom('circuits').select('id').where('project_id', 'in', projectIds).execute();
      await this.deps.dialect.lockRows(trx, 'circuits', circuits.map((c) => c.id));
      const tournaments = await trx.selectFrom('tournaments').select('id').where('project_id', 'in', projectIds).execute();
      await this.deps.dialect.lockRows(trx, 'tournaments', tournaments.map((t) => t.id));
      const ongoing = await trx
        .selectFrom('tournaments')
        .select('id')
        .where('project_id', 'in', projectIds)
        .where('status', '=', 'ONGOING')
        .executeTakeFirst();
      if (ongoing) {
        throw new AppError('INVALID_STATE', 'the organization has an ONGOING tournament; finish it before deleting the organization');
      }
      await trx.deleteFrom('events').where('project_id', 'in', projectIds).execute();
      const files = await trx.selectFrom('anti_cheat_media_files').select('storage_key').where('project_id', 'in', projectIds).execute();
      await trx.deleteFrom('organizations').where('id', '=', organizationId).execute();
      return files.map((f) => f.storage_key);
    });
    await this.#deleteEvidence(evidenceKeys);
  }

  /**
   * Deletes the evidence bytes of a deleted organization once its rows are gone (the storage is outside the
   * transaction: a local directory, or rows without a foreign key). A failure is logged with the key, never thrown:
   * the organization is deleted either way.
   */
  async #deleteEvidence(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.evidence.delete(key);
      } catch (error) {
        this.deps.logger.warn({ err: error, key }, 'could not delete the evidence of a deleted organization');
      }
    }
  }

  /**
   * The organizations the calling user is staff of, with the caller's role in each, oldest membership first (R13.10).
   */
  async listMine(auth: AuthContext, query: PageQuery): Promise<Page<Organization>> {
    const userId = this.access.requireUser(auth);
    const base = this.deps.db.selectFrom('organization_members as m').where('m.user_id', '=', userId);
    const { rows, total, capped } = await queryPage(base, withTotalCap(query, this.deps.config.listTotalCap), (b) =>
      b.innerJoin('organizations as o', 'o.id', 'm.organization_id').selectAll('o').select('m.role').orderBy('m.joined_at', 'asc').orderBy('m.id', 'asc'),
    );
    const owners = await this.#firstOwners(rows.map((row) => row.id));
    const items = rows.map(({ role, ...row }) => withStaffFields(row, role as StaffRole, owners.get(row.id)));
    return toPage(items, query, total, capped);
  }

  /** Staff members, oldest first (any staff role may list). 404 unknown organization, 403 for non-staff. */
  async listStaff(auth: AuthContext, organizationId: string, query: PageQuery): Promise<Page<StaffMember>> {
    const userId = this.access.requireUser(auth);
    await this.#find(organizationId);
    await this.#requireRole(userId, organizationId, ['OWNER', 'ADMIN', 'ORGANIZER', 'MODERATOR'], 'list its staff');
    const base = this.deps.db.selectFrom('organization_members as m').where('m.organization_id', '=', organizationId);
    const { rows, total, capped } = await queryPage(base, withTotalCap(query, this.deps.config.listTotalCap), (b) =>
      b
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(STAFF_MEMBER_COLUMNS)
        .orderBy('m.joined_at', 'asc')
        .orderBy('m.id', 'asc'),
    );
    return toPage(rows.map(toStaffMember), query, total, capped);
  }

  async #find(organizationId: string): Promise<Selectable<OrganizationsTable>> {
    const row = await this.deps.db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirst();
    if (!row) throw notFound('organization');
    return row;
  }

  async #requireRole(userId: string, organizationId: string, roles: readonly StaffRole[], action: string): Promise<StaffRole> {
    const role = await this.access.roleInOrganization(userId, organizationId);
    if (!role || !roles.includes(role)) {
      throw new AppError('FORBIDDEN', `you need one of the roles ${roles.join(', ')} in this organization to ${action}`);
    }
    return role;
  }

  async #withStaffFields(row: Selectable<OrganizationsTable>, role: StaffRole): Promise<Organization> {
    return withStaffFields(row, role, (await this.#firstOwners([row.id])).get(row.id));
  }

  /** The user id of the first OWNER of each of these organizations (one query), by organization id. */
  async #firstOwners(organizationIds: readonly string[]): Promise<Map<string, string>> {
    if (organizationIds.length === 0) return new Map();
    const owners = await this.deps.db
      .selectFrom('organization_members')
      .select(['organization_id', 'user_id'])
      .where('organization_id', 'in', organizationIds)
      .where('role', '=', 'OWNER')
      .orderBy('joined_at', 'desc')
      .execute();
    // Oldest last, so the oldest OWNER of each organization is the one kept.
    return new Map(owners.map((o) => [o.organization_id, o.user_id]));
  }
}

/** An organization as its staff see it: the public fields, the caller's role and the owner (when there is one). */
function withStaffFields(row: Selectable<OrganizationsTable>, role: StaffRole, ownerId: string | undefined): Organization {
  const org = toOrganization(row);
  return ownerId ? { ...org, ownerId, role } : { ...org, role };
}

/** The public fields of an organizations row. */
export function toOrganization(row: Selectable<OrganizationsTable>): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    website: row.website,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** How many times create picks a derived slug again after losing it to a concurrent create. */
const SLUG_ATTEMPTS = 5;

const slugTaken = (slug: string) => new AppError('CONFLICT', `the organization slug "${slug}" is already taken`);

/** How many slugs firstFreeSlug looks up per statement. */
const SLUG_BATCH = 25;

/**
 * The first free slug of `base`, `base-2`, `base-3` ... (slug.ts), looked up `SLUG_BATCH` at a time by equality on
 * the slug's unique index: a `LIKE 'base%'` prefix search reads the whole index on SQLite and on PostgreSQL
 * collations other than C (R3.8).
 */
async function firstFreeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set<string>();
  for (let from = 1; ; from += SLUG_BATCH) {
    const candidates = Array.from({ length: SLUG_BATCH }, (_, i) => slugCandidate(base, from + i));
    for (const row of await db.selectFrom('organizations').select('slug').where('slug', 'in', candidates).execute()) taken.add(row.slug);
    const free = uniqueSlug(base, taken);
    if (candidates.includes(free)) return free;
  }
}
