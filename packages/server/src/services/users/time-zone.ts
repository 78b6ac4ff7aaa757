/**
 * The IANA time zone `name` as stored (R14.4), or null when the runtime's time zone database (Intl) does not know it:
 * the canonical name the runtime resolves it to (`Intl.DateTimeFormat#resolvedOptions().timeZone`), so the case is
 * always the database's and an alias is stored as the zone it names: `utc` and `Etc/UTC` become `UTC`,
 * `europe/paris` becomes `Europe/Paris`, `US/Pacific` becomes `America/Los_Angeles`. Notifications then write the
 * zone as the database spells it (R15.10), and two spellings of one zone are stored alike.
 */
export function normalizeTimeZone(name: string): string | null {
  let zone: string;
  try {
    zone = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // A runtime that takes UTC offsets (`+01:00`) as time zones: an offset is no IANA name.
  return /^[+-]/.test(zone) ? null : zone;
}
