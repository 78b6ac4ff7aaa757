import type { Selectable } from 'kysely';
import type { GamingAccountsTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AuthContext } from '../../auth/auth-context';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { PLATFORM_RULES } from './platforms';
import type { GamingAccount, GamingPlatform, GamingProfile, LinkGamingAccountRequest } from '../../contract-types';
import { DomainService } from '../domain-service';

const toAccount = (row: Selectable<GamingAccountsTable>): GamingAccount => ({
  platform: row.platform as GamingPlatform,
  accountId: row.account_id,
  displayName: row.display_name,
  linkedAt: row.linked_at,
});

/**
 * Gaming accounts linked to users (R14.5, R14.6): at most one per platform per user, and one platform account belongs
 * to one user at most. Ids are checked against the platform's format (gaming/platforms.ts); ownership is not
 * verified with the platform (no OAuth round trip), which docs/decisions.md records.
 */
export class GamingService extends DomainService {
  /**
   * Links (or relinks, replacing the caller's previous account on that platform) an account.
   * 400 naming `body.accountId` when the id does not fit the platform's format; 409 CONFLICT when another user
   * has linked that account.
   */
  async link(auth: AuthContext, platform: GamingPlatform, input: LinkGamingAccountRequest): Promise<GamingAccount> {
    const userId = this.access.requireUser(auth);
    const rule = PLATFORM_RULES[platform];
    const accountId = input.accountId.trim();
    if (!rule.pattern.test(accountId)) throw invalidField('body.accountId', `must be ${rule.expected}`);
    const key = rule.key(accountId);
    const row = {
      id: newId(),
      user_id: userId,
      platform,
      account_id: accountId,
      account_key: key,
      display_name: input.displayName?.trim() || accountId,
      linked_at: this.deps.clock.now().toISOString(),
    };
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        // Under the user's lock (linkGamingAccount, R18.12): the user's links change one at a time, so a relink
        // replaces the user's own link and a unique violation can only be another user's holding the account.
        await this.deps.dialect.lockRows(trx, 'users', [userId]);
        const owner = await trx
          .selectFrom('gaming_accounts')
          .select('user_id')
          .where('platform', '=', platform)
          .where('account_key', '=', key)
          .executeTakeFirst();
        if (owner && owner.user_id !== userId) throw linkedElsewhere(platform);
        await trx.deleteFrom('gaming_accounts').where('user_id', '=', userId).where('platform', '=', platform).execute();
        await trx.insertInto('gaming_accounts').values(row).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error, 'gaming_accounts.account_key')) throw linkedElsewhere(platform);
      throw error;
    }
    return toAccount(row);
  }

  /** Removes the caller's account on `platform`. 404 when none is linked. */
  async unlink(auth: AuthContext, platform: GamingPlatform): Promise<void> {
    const userId = this.access.requireUser(auth);
    const result = await this.deps.db.deleteFrom('gaming_accounts').where('user_id', '=', userId).where('platform', '=', platform).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(`${platform} account link`);
  }

  /** Every account the caller linked, by platform name. */
  async profile(auth: AuthContext): Promise<GamingProfile> {
    const userId = this.access.requireUser(auth);
    const rows = await this.deps.db.selectFrom('gaming_accounts').selectAll().where('user_id', '=', userId).orderBy('platform').execute();
    return { userId, accounts: rows.map(toAccount) };
  }
}

const linkedElsewhere = (platform: GamingPlatform) =>
  new AppError('CONFLICT', `this ${platform} account is already linked to another user`);
