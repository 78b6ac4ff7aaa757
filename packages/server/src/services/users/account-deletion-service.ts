import type { AuthContext } from '../../auth/auth-context';
import { verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/db';
import { AppError } from '../../errors/app-error';
import { DomainService } from '../domain-service';
import { revokeInvitationsBeyond } from '../organizations/staff-rules';
import { footprintCovered, readAccountFootprint } from './account-footprint';
import { anonymizeCircuitLines } from './anonymize-circuit-lines';
import { anonymizeEntries, entriesInPlay, readAccountEntries, type AccountEntry } from './anonymize-entries';

const wrongPassword = () =>
  new AppError('FORBIDDEN', 'body.password: not the password of this account', {
    details: [{ path: 'body.password', message: 'not the password of this account' }],
  });

/**
 * Deleting one's own account (deleteMe, R14.8; docs/decisions.md "Deleting an account"): what belongs to the account
 * goes, what others rely on stays without naming it.
 */
export class AccountDeletionService extends DomainService {
  /**
   * Deletes the caller's account once `password` is its password, in one transaction. Locks first, parent before
   * child as every other writer takes them: the organizations it is staff of (staff rules, R13.8), the circuits whose
   * standings name it (classification), the tournaments of its entries (participants), then its own row (a write
   * naming the account, a registration or an invitation, waits for it, then fails on its foreign key). The footprint
   * is read again after the locks and decided on as it is then; one that grew meanwhile (an entry or a membership
   * committed between the first read and the locks) is 409 CONFLICT: send the request again.
   * Then: the staff memberships go with the pending invitations the account sent in those organizations
   * (revokeInvitationsBeyond, R13.12); its entries are anonymized (anonymize-entries.ts) and so are its circuit lines
   * (anonymize-circuit-lines.ts); the API keys it created keep working without naming it; and its row is deleted,
   * with, by their foreign keys, its sessions (its tokens answer 401), gaming accounts, notifications, their
   * deliveries and preferences, calendar feed token, idempotency keys, anti-cheat enrolments and the invitations it
   * received (an invitation it sent elsewhere keeps no sender: `invitedByUserId` null). Its match history entries
   * (public) keep what they say but no longer name it (`actorUserId` null; their `participantId` names the anonymized
   * entry). The event outbox (already delivered) and anti-cheat sessions and detections (the operator's records) keep
   * the account's id as written, naming no one once the row is gone.
   * @throws AppError 403 FORBIDDEN naming body.password when it is not the account's (also when the password changed
   *   meanwhile); 409 CONFLICT naming each organization the account is the last OWNER of; 409 INVALID_STATE naming
   *   each tournament where an entry of the account is ACTIVE while ONGOING; 409 CONFLICT when the footprint grew
   *   during the call; 401 UNAUTHORIZED when the account was deleted meanwhile; 403 API_KEY_NOT_ALLOWED for a key.
   */
  async deleteOwnAccount(auth: AuthContext, password: string): Promise<void> {
    const userId = this.access.requireUser(auth);
    const user = await this.db.selectFrom('users').select(['id', 'password_hash']).where('id', '=', userId).executeTakeFirst();
    if (!user || !(await verifyPassword(password, user.password_hash))) throw wrongPassword();
    const now = this.now();
    const { dialect } = this.deps;
    await this.db.transaction().execute(async (trx) => {
      const locked = await readAccountFootprint(trx, userId);
      await dialect.lockRows(trx, 'organizations', locked.organizationIds);
      await dialect.lockRows(trx, 'circuits', locked.circuitIds);
      await dialect.lockRows(trx, 'tournaments', locked.tournamentIds);
      await dialect.lockRows(trx, 'users', [userId]);
      const current = await trx.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
      if (!current) throw new AppError('UNAUTHORIZED', 'this account has been deleted');
      if (current.password_hash !== user.password_hash) throw wrongPassword();
      const footprint = await readAccountFootprint(trx, userId);
      if (!footprintCovered(locked, footprint)) {
        throw new AppError('CONFLICT', 'your staff memberships or tournament entries changed while the account was being deleted; send the request again');
      }
      await this.#assertNotLastOwner(trx, userId);
      const entries = await readAccountEntries(trx, userId, footprint.tournamentIds);
      assertNotPlaying(entries);
      for (const organizationId of footprint.organizationIds) {
        await trx.deleteFrom('organization_members').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute();
        await revokeInvitationsBeyond(trx, organizationId, userId, null, now);
      }
      const renamed = await anonymizeEntries({ db: trx, sink: this.deps, dialect, now }, userId, entries);
      await anonymizeCircuitLines(trx, userId, footprint.circuitIds, renamed, now);
      await trx.updateTable('api_keys').set({ created_by_user_id: null }).where('created_by_user_id', '=', userId).execute();
      await trx.updateTable('staff_invitations').set({ accepted_by_user_id: null }).where('accepted_by_user_id', '=', userId).execute();
      await trx.updateTable('match_history').set({ actor_user_id: null }).where('actor_user_id', '=', userId).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }

  /**
   * 409 CONFLICT naming every organization `userId` is the only OWNER of (R13.8, R13.11), read under the
   * organizations' locks: the organization would be left without anyone to administer it.
   */
  async #assertNotLastOwner(db: Db, userId: string): Promise<void> {
    const owned = db.selectFrom('organization_members').select('organization_id').where('user_id', '=', userId).where('role', '=', 'OWNER');
    const owners = await db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id', 'o.name', (eb) => eb.fn.countAll<number>().as('owners')])
      .where('m.organization_id', 'in', owned)
      .where('m.role', '=', 'OWNER')
      .groupBy(['o.id', 'o.name'])
      .orderBy('o.id')
      .execute();
    const sole = owners.filter((o) => Number(o.owners) <= 1);
    if (sole.length === 0) return;
    const which = sole.map((o) => `"${o.name}" (${o.id})`).join(', ');
    const them = sole.length > 1 ? 'organizations' : 'organization';
    throw new AppError(
      'CONFLICT',
      `you are the last OWNER of the ${them} ${which}: make another member OWNER (updateStaffRole) or delete the ${them} before deleting your account`,
    );
  }
}

/** 409 INVALID_STATE naming every tournament where one of `entries` is still playing (entriesInPlay). */
function assertNotPlaying(entries: readonly AccountEntry[]): void {
  const playing = entriesInPlay(entries);
  if (playing.length === 0) return;
  const which = playing.map((e) => `"${e.tournament.name}" (${e.tournament.id})`).join(', ');
  const them = playing.length > 1 ? 'tournaments' : 'tournament';
  throw new AppError(
    'INVALID_STATE',
    `you still play in the ONGOING ${them} ${which}: ask an organizer to withdraw you, or wait until you are eliminated or the ${them} ${playing.length > 1 ? 'have' : 'has'} completed`,
  );
}
