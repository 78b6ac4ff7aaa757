/** Turns raw rows (arrays of column values in column order) into row objects keyed by column name. */
export type RowBuilder = (rows: readonly (readonly unknown[])[]) => Record<string, unknown>[];

/** Builders by their column list, so that statements reading the same columns share one (and one object shape). */
const builders = new Map<string, RowBuilder>();

/** How many column lists builders are kept for (a bound: a process keeps a few hundred statements at most). */
const MAX_BUILDERS = 2000;

/**
 * The row builder of a result with columns `names` (in order; a later column of the same name wins, as in
 * better-sqlite3's object rows). Each row is made by one object literal compiled from the names, so every row of
 * that result has the same shape: reading 2,048 rows of 28 columns this way took 4.5 ms against 11.5 ms for
 * better-sqlite3's own object rows (R18.7). The names are column names of SQL this server compiled; they are
 * quoted with JSON.stringify, so any name is a safe property key.
 */
export function rowBuilder(names: readonly string[]): RowBuilder {
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (build === undefined) {
    const literal = `return { ${names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')} };`;
    const one = new Function('r', literal) as (row: readonly unknown[]) => Record<string, unknown>;
    build = (rows) => {
      const out = new Array<Record<string, unknown>>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = one(rows[i]!);
      return out;
    };
    if (builders.size >= MAX_BUILDERS) builders.clear();
    builders.set(key, build);
  }
  return build;
}
