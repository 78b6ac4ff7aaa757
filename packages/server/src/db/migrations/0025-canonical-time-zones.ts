import type { Kysely } from 'kysely';

/** The canonical name the runtime gives a time zone (its own spelling, aliases resolved), or null when unknown. */
function canonicalZone(name: string): string | null {
  try {
    const zone = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    return /^[+-]/.test(zone) ? null : zone;
  } catch {
    return null;
  }
}

/**
 * Time zones stored before they were stored by their canonical name (R14.4): `utc`, `europe/paris` or `US/Pacific`
 * typed by a player are rewritten as the runtime spells the zone (`UTC`, `Europe/Paris`, `America/Los_Angeles`), so
 * notifications write them so (R15.10). Only distinct stored values are resolved, one update each; a value the
 * runtime does not know is left as it is. Its own copy of the rule, as a migration must not depend on service code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stored = await db.selectFrom('users').select('time_zone').distinct().where('time_zone', 'is not', null).execute();
  for (const { time_zone: zone } of stored as { time_zone: string }[]) {
    const canonical = canonicalZone(zone);
    if (canonical !== null && canonical !== zone) {
      await db.updateTable('users').set({ time_zone: canonical }).where('time_zone', '=', zone).execute();
    }
  }
}

/** Nothing to undo: the canonical names are the same zones. */
export async function down(): Promise<void> {}
