/**
 * The rows of a `DatabaseDialect.jsonArrayFrom` expression as read from the driver: JSON text (SQLite) is parsed, an
 * already parsed array (PostgreSQL) is returned as is, null (no driver returns it for an empty set, kept for safety)
 * is an empty array. @throws SyntaxError for text that is not JSON (never produced by the dialects).
 */
export function jsonRows<Row>(value: unknown): Row[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
}
