import type { Kysely } from 'kysely';

/**
 * Staff invitation tokens exist in plain text only in the inviteStaff answer (R13.9): STAFF_INVITATION notifications
 * written before that rule carried the token in `data`; this removes it (the invitee accepts with the invitation id
 * those notifications also carry). Written with plain Kysely queries so that it runs on every dialect.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: string; data: string }[] = await db
    .selectFrom('notifications')
    .select(['id', 'data'])
    .where('type', '=', 'STAFF_INVITATION')
    .execute();
  for (const row of rows) {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    if (!('token' in data)) continue;
    delete data.token;
    await db.updateTable('notifications').set({ data: JSON.stringify(data) }).where('id', '=', row.id).execute();
  }
}

/** Nothing to undo: the tokens are gone for good (the invitations themselves keep working). */
export async function down(): Promise<void> {}
