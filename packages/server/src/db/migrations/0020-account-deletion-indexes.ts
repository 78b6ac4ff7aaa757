import type { Kysely } from 'kysely';
import { createIndex } from './columns';

/**
 * Indexes of the columns an account deletion goes through (deleteMe, R14.8), each of which read its whole table
 * before (R3.8): deleting a users row deletes or empties the rows naming it through their foreign keys, deleting each
 * of its notifications deletes that notification's deliveries (a scan of notification_deliveries per notification
 * without an index), and the deletion empties the columns naming the account that have no foreign key.
 * - `notification_deliveries (notification_id)` and `(user_id)`: the deliveries of the account's notifications.
 * - `anti_cheat_clients (user_id)`: its enrolments (the existing index starts with the project).
 * - `staff_invitations (invited_user_id)`, `(invited_by_user_id)` and `(accepted_by_user_id)`: the invitations it
 *   received (deleted), sent and accepted (their sender and acceptor emptied; the existing index starts with the
 *   organization).
 * - `api_keys (created_by_user_id)`: the keys it created (they stay, their creator emptied).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'notification_deliveries_notification_idx', 'notification_deliveries', ['notification_id']);
  await createIndex(db, 'notification_deliveries_user_idx', 'notification_deliveries', ['user_id']);
  await createIndex(db, 'anti_cheat_clients_user_idx', 'anti_cheat_clients', ['user_id']);
  await createIndex(db, 'staff_invitations_invited_user_idx', 'staff_invitations', ['invited_user_id']);
  await createIndex(db, 'staff_invitations_invited_by_idx', 'staff_invitations', ['invited_by_user_id']);
  await createIndex(db, 'staff_invitations_accepted_by_idx', 'staff_invitations', ['accepted_by_user_id']);
  await createIndex(db, 'api_keys_created_by_user_idx', 'api_keys', ['created_by_user_id']);
}

/** Drops the seven indexes. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('api_keys_created_by_user_idx').ifExists().execute();
  await db.schema.dropIndex('staff_invitations_accepted_by_idx').ifExists().execute();
  await db.schema.dropIndex('staff_invitations_invited_by_idx').ifExists().execute();
  await db.schema.dropIndex('staff_invitations_invited_user_idx').ifExists().execute();
  await db.schema.dropIndex('anti_cheat_clients_user_idx').ifExists().execute();
  await db.schema.dropIndex('notification_deliveries_user_idx').ifExists().execute();
  await db.schema.dropIndex('notification_deliveries_notification_idx').ifExists().execute();
}
