import type { Selectable } from 'kysely';
import { API_KEY_DISPLAY_PREFIX_LENGTH, API_KEY_PREFIX, hashSecret, isApiKeyShape, newSecret } from '../../auth/tokens';
import { compileOnce } from '../../db/compiled-query';
import type { ApiKeysTable } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/db';
import { type ApiKeyAuth, type AuthContext, grantsScope, type Scope } from '../../auth/auth-context';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { ADMIN_ROLES, type AccessService } from '../access';
import { newestFirstPage, withTotalCap } from '../../db/page-query';
import type { Page } from '../../db/page-query';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyListQuery } from '../../contract-types';
import { storedName } from '../stored-name';
import { unlessUnavailable } from '../../db/connection-error';

/** `last_used_at` is written at most this often per key (milliseconds). */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

const REQUIREMENT = { roles: ADMIN_ROLES, resource: 'project', scope: 'read:webhooks' as const, private: true };

/**
 * Project API keys (R1.12 to R1.17; docs/decisions.md "API keys creating API keys"). Managed by OWNER/ADMIN users
 * (with `projectId`) or by a key holding read:webhooks, which may only grant scopes it holds itself. The secret is
 * returned once and stored as SHA-256; lists show prefix and last four characters. Another project's key: 404.
 */
export class ApiKeyService {
  /** The key lookup of every X-API-Key request, compiled once: (key hash) -> key. */
  readonly #keyByHash;

  constructor(
    private readonly deps: AppDeps,
    private readonly access: AccessService,
  ) {
    this.#keyByHash = compileOnce(
      deps.db,
      deps.db
        .selectFrom('api_keys')
        .select(['id', 'project_id', 'scopes', 'revoked_at', 'expires_at', 'last_used_at'])
        .where('key_hash', '=', ''),
    );
  }

  /**
   * Resolves an `X-API-Key` secret (authenticate middleware): 401 UNAUTHORIZED when unknown, revoked or expired.
   * Records `last_used_at` at most once a minute per key, as a courtesy: when that write cannot be made (on SQLite,
   * another process holding the write lock past the busy timeout) the request goes on, as a read it is (R18.18).
   */
  async authenticate(secret: string): Promise<ApiKeyAuth> {
    if (!isApiKeyShape(secret)) throw new AppError('UNAUTHORIZED', 'invalid API key');
    const [row] = await this.#keyByHash([hashSecret(secret)]);
    if (!row) throw new AppError('UNAUTHORIZED', 'invalid API key');
    if (row.revoked_at !== null) throw new AppError('UNAUTHORIZED', 'this API key has been revoked');
    const now = this.deps.clock.now();
    const nowIso = now.toISOString();
    if (row.expires_at !== null && row.expires_at <= nowIso) throw new AppError('UNAUTHORIZED', 'this API key has expired');
    if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_WRITE_INTERVAL_MS) {
      await unlessUnavailable(this.deps.db.updateTable('api_keys').set({ last_used_at: nowIso }).where('id', '=', row.id).execute());
    }
    return { kind: 'apiKey', apiKeyId: row.id, projectId: row.project_id, scopes: JSON.parse(row.scopes) as Scope[] };
  }

  /**
   * Creates a key and returns it with its secret (the only time the secret is shown). Users: OWNER/ADMIN of
   * `projectId` (400 when missing, 404 unknown project, 403 without the role). Keys: the key's own project, and only
   * scopes the calling key holds (403 INSUFFICIENT_SCOPE naming the others), expiring with the calling key at the
   * latest (its expiry by default; a later `expiresAt` is 400). `expiresAt` must be in the future (400).
   */
  async create(auth: AuthContext, input: ApiKeyCreate): Promise<ApiKeyCreated> {
    const { projectId, actor } = await this.access.resolveProjectForCreate(auth, input.projectId, REQUIREMENT);
    if (auth.kind === 'apiKey') {
      const missing = input.scopes.filter((s) => !grantsScope(auth.scopes, s));
      if (missing.length > 0) {
        throw new AppError('INSUFFICIENT_SCOPE', `an API key can only grant scopes it holds itself; this key lacks ${missing.join(', ')}`);
      }
    }
    const now = this.deps.clock.now();
    let expiresAt: string | null = null;
    if (input.expiresAt !== undefined) {
      const at = new Date(input.expiresAt);
      if (!(at.getTime() > now.getTime())) throw invalidField('body.expiresAt', 'must be in the future');
      expiresAt = at.toISOString();
    }
    if (auth.kind === 'apiKey') {
      // A key never mints a key that outlives it (R1.14): the new key expires with the caller at the latest.
      const own = await this.deps.db.selectFrom('api_keys').select('expires_at').where('id', '=', auth.apiKeyId).executeTakeFirst();
      const ownExpiry = own?.expires_at ?? null;
      if (ownExpiry !== null) {
        if (expiresAt !== null && expiresAt > ownExpiry) {
          throw invalidField('body.expiresAt', `must not be later than the expiry of the key creating it (${ownExpiry})`);
        }
        expiresAt ??= ownExpiry;
      }
    }
    const key = newSecret(API_KEY_PREFIX);
    const row: Selectable<ApiKeysTable> = {
      id: newId(),
      project_id: projectId,
      name: storedName(input.name, 'body.name'),
      key_hash: hashSecret(key),
      prefix: key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH),
      last_four: key.slice(-4),
      scopes: JSON.stringify(input.scopes),
      created_by_user_id: actor.kind === 'user' ? actor.userId : null,
      created_by_key_id: actor.kind === 'apiKey' ? actor.apiKeyId : null,
      created_at: now.toISOString(),
      last_used_at: null,
      expires_at: expiresAt,
      revoked_at: null,
    };
    await this.deps.db.transaction().execute((trx) => trx.insertInto('api_keys').values(row).execute());
    return { ...toApiKey(row), key };
  }

  /**
   * Keys of the project, newest first, without secrets; revoked keys only with `includeRevoked`. Users pass
   * `projectId` (400 when missing) and must be OWNER/ADMIN; keys list their own project (any projectId is ignored).
   */
  async list(auth: AuthContext, query: ApiKeyListQuery): Promise<Page<ApiKey>> {
    const { projectId } = await this.access.resolveProjectForCreate(auth, query.projectId, { ...REQUIREMENT, field: 'query.projectId' });
    let base = this.deps.db.selectFrom('api_keys').where('project_id', '=', projectId);
    if (!query.includeRevoked) base = base.where('revoked_at', 'is', null);
    return newestFirstPage(base, withTotalCap(query, this.deps.config.listTotalCap), toApiKey);
  }

  /**
   * Revokes a key (requests with it then answer 401). Idempotent: revoking a revoked key keeps the first
   * revocation time. 404 for an unknown key or another project's key; users need OWNER/ADMIN; a key may revoke only
   * keys whose every scope it holds itself (403 INSUFFICIENT_SCOPE naming the others, R1.20), as for creating one.
   * A key revoked while its request ran (by a key it was revoking at the same time) is refused: 401 UNAUTHORIZED.
   * The keys the revoked key created, and theirs in turn, are revoked with it (R1.14): a leaked key's copies die too.
   */
  async revoke(auth: AuthContext, apiKeyId: string): Promise<void> {
    this.access.requireAuthenticated(auth);
    const row = await this.deps.db.selectFrom('api_keys').select(['id', 'project_id', 'scopes']).where('id', '=', apiKeyId).executeTakeFirst();
    if (!row) throw notFound('API key');
    await this.access.requireProject(auth, row.project_id, { ...REQUIREMENT, resource: 'API key' });
    if (auth.kind === 'apiKey') {
      const missing = (JSON.parse(row.scopes) as Scope[]).filter((s) => !grantsScope(auth.scopes, s));
      if (missing.length > 0) {
        throw new AppError('INSUFFICIENT_SCOPE', `an API key can only revoke keys whose scopes it holds itself; this key lacks ${missing.join(', ')}`);
      }
    }
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      if (auth.kind === 'apiKey' && auth.apiKeyId !== apiKeyId) {
        // Two keys revoking each other at once: the second to take the locks finds its own key revoked and is
        // refused, as it would be one after the other (R18.12).
        await this.deps.dialect.lockRows(trx, 'api_keys', [auth.apiKeyId, apiKeyId]);
        const caller = await trx.selectFrom('api_keys').select('revoked_at').where('id', '=', auth.apiKeyId).executeTakeFirst();
        if (!caller || caller.revoked_at !== null) throw new AppError('UNAUTHORIZED', 'this API key has been revoked');
      }
      await trx.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', apiKeyId).where('revoked_at', 'is', null).execute();
      await revokeDescendants(trx, apiKeyId, now);
    });
  }
}

/**
 * Inside the caller's transaction: revokes, at `now`, every key created by `apiKeyId`, by those keys, and so on
 * (R1.14). Keys already revoked keep their revocation time, and their descendants are revoked all the same.
 */
async function revokeDescendants(trx: Db, apiKeyId: string, now: string): Promise<void> {
  let parents = [apiKeyId];
  const seen = new Set(parents);
  while (parents.length > 0) {
    const children = (await trx.selectFrom('api_keys').select('id').where('created_by_key_id', 'in', parents).execute()).map((k) => k.id).filter((id) => !seen.has(id));
    if (children.length === 0) return;
    for (const id of children) seen.add(id);
    await trx.updateTable('api_keys').set({ revoked_at: now }).where('id', 'in', children).where('revoked_at', 'is', null).execute();
    parents = children;
  }
}

/** The API shape of an api_keys row (never the secret, which is not stored). */
export function toApiKey(row: Selectable<ApiKeysTable>): ApiKey {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    prefix: row.prefix,
    lastFour: row.last_four,
    scopes: JSON.parse(row.scopes) as Scope[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}
