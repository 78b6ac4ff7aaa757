let canonicalByLower: Map<string, string> | undefined;

/**
 * The IANA time zone `name` as stored, or null when the runtime's time zone database (Intl) does not know it.
 * Matching is case-insensitive; a name listed by `Intl.supportedValuesOf('timeZone')` gets that spelling, an alias
 * the runtime accepts (e.g. `UTC`, `Asia/Kolkata`) is kept as given.
 */
export function normalizeTimeZone(name: string): string | null {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return null;
  }
  canonicalByLower ??= new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]));
  return canonicalByLower.get(name.toLowerCase()) ?? name;
}
