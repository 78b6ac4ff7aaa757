import type { Kysely, Transaction } from 'kysely';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import {
  ACCESS_TOKEN_PREFIX,
  hashSecret,
  isAccessTokenShape,
  isRefreshTokenShape,
  newSecret,
  REFRESH_TOKEN_PREFIX,
} from '../../auth/tokens';
import { compileOnce } from '../../db/compiled-query';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppDeps } from '../../deps';
import type { AuthContext, UserAuth } from '../../auth/auth-context';
import { AppError, invalidField } from '../../errors/app-error';
import { newId } from '../../ids';
import type { AccessService } from '../access';
import { toOwnProfile } from '../users/user-service';
import { storedDisplayName } from '../users/display-name';
import type { AuthTokens, LoginRequest, OwnProfile, RegisterRequest } from '../../contract-types';

const INVALID_CREDENTIALS = 'invalid username, email or password';

/**
 * Accounts and sessions (R1.1 to R1.6, docs/decisions.md "Tokens"): a session is one access
 * token and one refresh token, random and stored as SHA-256; lifetimes come from the config, instants from the clock.
 */
/** 403 FORBIDDEN naming `body.currentPassword`: not the account's password (changePassword, changeEmail). */
function wrongCurrentPassword(): AppError {
  return new AppError('FORBIDDEN', 'body.currentPassword: not the password of this account', {
    details: [{ path: 'body.currentPassword', message: 'not the password of this account' }],
  });
}

/**
 * Seconds after a rotation during which its spent refresh token is only refused (R1.28): two requests of one client
 * refreshing at once must not log it out.
 */
export const REUSE_GRACE_SECONDS = 30;
/** Seconds a session replaced by a refresh is kept, so that a replay of its spent refresh token is recognised (R1.28). */
export const ROTATED_KEPT_SECONDS = 7 * 24 * 3600;

export class AuthService {
  /** A real hash to verify against when the user is unknown, so both failures take the same time. */
  #dummyHash: Promise<string> | undefined;
  /** The session lookup of every bearer request, compiled once: (access token hash) -> session. */
  readonly #sessionByAccessHash;

  constructor(
    private readonly deps: AppDeps,
    private readonly access: AccessService,
  ) {
    this.#sessionByAccessHash = compileOnce(
      deps.db,
      deps.db.selectFrom('auth_sessions').select(['id', 'user_id', 'revoked_at', 'access_expires_at']).where('access_token_hash', '=', ''),
    );
  }

  /**
   * Creates an account and its first session. Usernames and emails are unique case-insensitively:
   * 409 USERNAME_TAKEN / EMAIL_TAKEN. The email is stored lower-cased, the display name trimmed (400 naming
   * `body.displayName` when blank, R14.7).
   */
  async register(input: RegisterRequest): Promise<AuthTokens> {
    const displayName = storedDisplayName(input.displayName ?? null);
    const usernameLower = input.username.toLowerCase();
    const email = input.email.toLowerCase();
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const clash = await trx
          .selectFrom('users')
          .select(['username_lower', 'email'])
          .where((eb) => eb.or([eb('username_lower', '=', usernameLower), eb('email', '=', email)]))
          .execute();
        if (clash.some((u) => u.username_lower === usernameLower)) throw usernameTaken(input.username);
        if (clash.some((u) => u.email === email)) throw emailTaken();
        const now = this.deps.clock.now().toISOString();
        const user = {
          id: newId(),
          username: input.username,
          username_lower: usernameLower,
          email,
          password_hash: passwordHash,
          display_name: displayName,
          bio: null,
          avatar_url: null,
          country: null,
          time_zone: null,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('users').values(user).execute();
        return this.#issue(trx, user.id, toOwnProfile(user));
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users.username_lower')) throw usernameTaken(input.username);
      if (isUniqueViolation(error, 'users.email')) throw emailTaken();
      throw error;
    }
  }

  /**
   * Logs in by username or email (both case-insensitive) and password; opens a new session.
   * Unknown user and wrong password both answer 401 INVALID_CREDENTIALS with the same message.
   */
  async login(input: LoginRequest): Promise<AuthTokens> {
    const query = this.deps.db.selectFrom('users').selectAll();
    const user =
      'username' in input
        ? await query.where('username_lower', '=', input.username.toLowerCase()).executeTakeFirst()
        : await query.where('email', '=', input.email.toLowerCase()).executeTakeFirst();
    const ok = await verifyPassword(input.password, user?.password_hash ?? (await this.#dummy()));
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    return this.deps.db.transaction().execute(async (trx) => {
      // Under the account's lock, the password checked must still be the account's (R1.24): a password change or an
      // account deletion committed meanwhile refuses this login rather than leave it a session.
      await this.deps.dialect.lockRows(trx, 'users', [user.id]);
      const current = await trx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
      if (current?.password_hash !== user.password_hash) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      return this.#issue(trx, user.id, toOwnProfile(user));
    });
  }

  /**
   * Changes the caller's password (R1.24): `currentPassword` must be the account's password, `newPassword` (at least
   * 8 characters, checked by the contract) another one. The new hash replaces the one checked (compare-and-set, so of
   * two changes sent at once one wins and the other is refused as a wrong current password), and every other session
   * of the user is revoked in the same transaction; the caller's own session stays.
   * @throws AppError 403 FORBIDDEN naming body.currentPassword when it is wrong; 400 naming body.newPassword when it
   *   is the current password; 403 API_KEY_NOT_ALLOWED for an API key.
   */
  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<void> {
    const userId = this.access.requireUser(auth);
    if (auth.kind !== 'user') return;
    const user = await this.deps.db.selectFrom('users').select(['id', 'password_hash']).where('id', '=', userId).executeTakeFirst();
    if (!user || !(await verifyPassword(currentPassword, user.password_hash))) throw wrongCurrentPassword();
    if (await verifyPassword(newPassword, user.password_hash)) throw invalidField('body.newPassword', 'must differ from the current password');
    const newHash = await hashPassword(newPassword);
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const changed = await trx.updateTable('users').set({ password_hash: newHash }).where('id', '=', userId).where('password_hash', '=', user.password_hash).executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw wrongCurrentPassword();
      await trx.updateTable('auth_sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('id', '!=', auth.sessionId).where('revoked_at', 'is', null).execute();
    });
  }

  /**
   * Changes the caller's email address (R1.29) once `currentPassword` is the account's password: stored in lower case,
   * unique among accounts (checked, and kept by the unique index when two accounts take one address at once). The
   * sessions stay. Returns the profile with the new address.
   * @throws AppError 403 FORBIDDEN naming body.currentPassword when it is wrong (also when it changed meanwhile); 400
   *   naming body.newEmail when it is the current address; 409 EMAIL_TAKEN when another account has it; 403
   *   API_KEY_NOT_ALLOWED for an API key.
   */
  async changeEmail(auth: AuthContext, currentPassword: string, newEmail: string): Promise<OwnProfile> {
    const userId = this.access.requireUser(auth);
    const user = await this.deps.db.selectFrom('users').select(['id', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
    if (!user || !(await verifyPassword(currentPassword, user.password_hash))) throw wrongCurrentPassword();
    const email = newEmail.trim().toLowerCase();
    if (email === user.email) throw invalidField('body.newEmail', 'is the current address of this account');
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
        if (taken) throw emailTaken();
        const now = this.deps.clock.now().toISOString();
        // Compare-and-set on the password checked: a password change committed meanwhile refuses this change.
        const changed = await trx
          .updateTable('users')
          .set({ email, updated_at: now })
          .where('id', '=', userId)
          .where('password_hash', '=', user.password_hash)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw wrongCurrentPassword();
        const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
        return toOwnProfile(row);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users.email')) throw emailTaken();
      throw error;
    }
  }

  /**
   * Exchanges a refresh token for a new token pair and revokes the old session (rotation): presenting the old
   * refresh token again answers 401 UNAUTHORIZED. An expired refresh token is 401 TOKEN_EXPIRED.
   * A spent refresh token presented more than {@link REUSE_GRACE_SECONDS} after its rotation (R1.28) was copied:
   * whoever holds it, the thief or the client it was stolen from, every session of its family (the login it came
   * from and every rotation since) is revoked, so both must log in again; the answer is 401 UNAUTHORIZED saying so.
   * Within the grace period (two requests of one client racing to refresh) it is only refused.
   */
  async refresh(refreshToken: string): Promise<AuthTokens> {
    const invalid = () => new AppError('UNAUTHORIZED', 'refresh token is invalid or has been revoked; log in again');
    if (!isRefreshTokenShape(refreshToken)) throw invalid();
    const hash = hashSecret(refreshToken);
    const outcome = await this.deps.db.transaction().execute(async (trx): Promise<AuthTokens | 'REUSED'> => {
      const session = await trx
        .selectFrom('auth_sessions')
        .select(['id', 'user_id', 'revoked_at', 'refresh_expires_at', 'family_id', 'rotated_at'])
        .where('refresh_token_hash', '=', hash)
        .executeTakeFirst();
      if (!session) throw invalid();
      const now = this.deps.clock.now();
      const at = now.toISOString();
      const family = session.family_id ?? session.id;
      if (session.revoked_at !== null) {
        if (session.rotated_at === null || Date.parse(session.rotated_at) + REUSE_GRACE_SECONDS * 1000 > now.getTime()) throw invalid();
        // Under the account's lock, which a refresh takes before it rotates: one of the family committed meanwhile is
        // seen by the update below and revoked too, one that comes after waits and finds its session revoked.
        await this.deps.dialect.lockRows(trx, 'users', [session.user_id]);
        await trx.updateTable('auth_sessions').set({ revoked_at: at }).where('family_id', '=', family).where('revoked_at', 'is', null).execute();
        return 'REUSED';
      }
      if (session.refresh_expires_at <= at) throw new AppError('TOKEN_EXPIRED', 'refresh token has expired; log in again');
      // The account's lock before the session's (R1.24, R18.12): a password change revoking the sessions, or an
      // account deletion, committed first leaves this session revoked or gone (refused below); one that comes second
      // waits and then revokes or deletes the session issued here. Taken first, it never waits in a cycle with them.
      await this.deps.dialect.lockRows(trx, 'users', [session.user_id]);
      const revoked = await trx
        .updateTable('auth_sessions')
        .set({ revoked_at: at, rotated_at: at })
        .where('id', '=', session.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(revoked.numUpdatedRows) !== 1) throw invalid();
      const user = await trx.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
      if (!user) throw invalid();
      return this.#issue(trx, user.id, toOwnProfile(user), family);
    });
    if (outcome === 'REUSED') {
      throw new AppError(
        'UNAUTHORIZED',
        'this refresh token was already used: it may have been copied, so every session that came from its login is logged out; log in again',
      );
    }
    return outcome;
  }

  /**
   * Logs out (R1.6): revokes the caller's session (the access token used for this request) and, when given, the
   * session of `refreshToken` (of the same user when a user calls; any when anonymous: a client whose access token
   * expired logs out with its refresh token alone). A refresh token naming no live session revokes nothing.
   * @throws AppError 400 naming body.refreshToken when called without an access token and without a refresh token.
   */
  async logout(auth: AuthContext, refreshToken?: string): Promise<void> {
    if (auth.kind === 'anonymous' && !refreshToken) {
      throw invalidField('body.refreshToken', 'is required without an access token (log out with the access token, or with the refresh token once it has expired)');
    }
    const userId = auth.kind === 'anonymous' ? null : this.access.requireUser(auth);
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      if (auth.kind === 'user') {
        await trx.updateTable('auth_sessions').set({ revoked_at: now }).where('id', '=', auth.sessionId).where('revoked_at', 'is', null).execute();
      }
      if (refreshToken) {
        // The refresh token is the credential of its own session: whoever holds it could use it, so it may end it.
        let revoke = trx.updateTable('auth_sessions').set({ revoked_at: now }).where('refresh_token_hash', '=', hashSecret(refreshToken)).where('revoked_at', 'is', null);
        if (userId !== null) revoke = revoke.where('user_id', '=', userId);
        await revoke.execute();
      }
    });
  }

  /**
   * Resolves a bearer access token to its user (authenticate middleware). 401 UNAUTHORIZED when unknown or revoked,
   * 401 TOKEN_EXPIRED when past its expiry.
   */
  async authenticate(accessToken: string): Promise<UserAuth> {
    if (!isAccessTokenShape(accessToken)) throw new AppError('UNAUTHORIZED', 'invalid access token');
    const [session] = await this.#sessionByAccessHash([hashSecret(accessToken)]);
    if (!session) throw new AppError('UNAUTHORIZED', 'invalid access token');
    if (session.revoked_at !== null) throw new AppError('UNAUTHORIZED', 'access token has been revoked; log in again');
    if (session.access_expires_at <= this.deps.clock.now().toISOString()) {
      throw new AppError('TOKEN_EXPIRED', 'access token has expired; get a new one with POST /auth/refresh');
    }
    return { kind: 'user', userId: session.user_id, sessionId: session.id };
  }

  /**
   * Whether the session `auth` was resolved from has ended since (revoked by a logout, or deleted with its account,
   * R14.8): the error handler asks it when a request whose caller was authenticated fails for a missing row, so that
   * a request racing its own account's deletion answers 401 as it would a moment later (R1.25).
   */
  async sessionEnded(auth: UserAuth): Promise<boolean> {
    const session = await this.deps.db.selectFrom('auth_sessions').select('revoked_at').where('id', '=', auth.sessionId).executeTakeFirst();
    return session === undefined || session.revoked_at !== null;
  }

  /**
   * Inserts a new session for `userId` and returns its tokens (inside the caller's transaction); deletes the user's
   * sessions that can no longer be used (R1.23).
   */
  async #issue(db: Kysely<Database> | Transaction<Database>, userId: string, user: OwnProfile, familyId?: string): Promise<AuthTokens> {
    const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = this.deps.config;
    const now = this.deps.clock.now();
    const accessToken = newSecret(ACCESS_TOKEN_PREFIX);
    const refreshToken = newSecret(REFRESH_TOKEN_PREFIX);
    const id = newId();
    await db
      .insertInto('auth_sessions')
      .values({
        id,
        family_id: familyId ?? id,
        rotated_at: null,
        user_id: userId,
        access_token_hash: hashSecret(accessToken),
        refresh_token_hash: hashSecret(refreshToken),
        access_expires_at: new Date(now.getTime() + accessTokenTtlSeconds * 1000).toISOString(),
        refresh_expires_at: new Date(now.getTime() + refreshTokenTtlSeconds * 1000).toISOString(),
        created_at: now.toISOString(),
        revoked_at: null,
      })
      .execute();
    // The user's sessions that can no longer be used (every token expired, or revoked with its access token expired)
    // go, so the table holds live sessions rather than one row per login and refresh forever (R1.23); a session a
    // refresh replaced stays {@link ROTATED_KEPT_SECONDS} more, so that its spent refresh token is recognised (R1.28).
    const at = now.toISOString();
    const rotatedBefore = new Date(now.getTime() - ROTATED_KEPT_SECONDS * 1000).toISOString();
    await db
      .deleteFrom('auth_sessions')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('refresh_expires_at', '<=', at),
          eb.and([
            eb('revoked_at', 'is not', null),
            eb('access_expires_at', '<=', at),
            eb.or([eb('rotated_at', 'is', null), eb('rotated_at', '<=', rotatedBefore)]),
          ]),
        ]),
      )
      .execute();
    return {
      accessToken,
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: accessTokenTtlSeconds,
      refreshExpiresIn: refreshTokenTtlSeconds,
      user,
    };
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= hashPassword('not-a-real-password');
    return this.#dummyHash;
  }
}

const usernameTaken = (username: string) => new AppError('USERNAME_TAKEN', `username "${username}" is already taken`);
const emailTaken = () => new AppError('EMAIL_TAKEN', 'an account with this email already exists');
