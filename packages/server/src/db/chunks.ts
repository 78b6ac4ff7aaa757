/** Largest number of rows written by one multi-row statement where no bulk insert of the dialect is used (R7.19). */
export const WRITE_CHUNK_SIZE = 500;

/** Splits `items` into consecutive slices of at most `size` items (the last may be shorter). */
export function chunks<T>(items: readonly T[], size: number = WRITE_CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
