/** A database index as a URL spells it: decimal digits only. */
const DECIMAL = /^\d+$/;

/**
 * The database index a redis:// or rediss:// URL selects, as ioredis reads it: its path (`redis://cache:6379/2` is
 * database 2), else its `db` query parameter, else 0 (`redis://cache:6379`, `redis://cache:6379/`). Null when what
 * names it is not a decimal number (`/abc`, `/-1`, `/0x1`, `/1/2`), which ioredis would turn into NaN (R21.5).
 */
export function redisDatabaseIndex(url: URL): number | null {
  const path = url.pathname === '/' ? '' : url.pathname.slice(1);
  const named = path !== '' ? path : url.searchParams.get('db');
  if (named === null) return 0;
  return DECIMAL.test(named) ? Number(named) : null;
}
