import { type ColumnDataType, type CreateTableBuilder, type Expression, type Kysely, PostgresAdapter, sql } from 'kysely';

/** A table being created; the helpers below add columns to it in the order they are given. */
type Table = CreateTableBuilder<any, any>;
/** Adds columns to a table, for `createTable(...).$call(step)`. */
type Step = (table: Table) => Table;

/** A column type: one of Kysely's names, or SQL (`text collate "C"`). */
type DataTypeExpression = ColumnDataType | Expression<unknown>;

/** What a foreign key does when its parent row is deleted. */
type OnDelete = 'cascade' | 'set null';

/**
 * Column types and shapes shared by every migration, the same DDL on SQLite and PostgreSQL except for text:
 * - ids are text (UUIDv7 strings); instants are text in UTC ISO 8601 (`2030-06-01T12:00:00.000Z`), dates
 *   `2030-06-01`; booleans are integers 0/1; JSON documents are text (parsed by the services). So values read back
 *   the same on both databases, and the text of a stored JSON answer (idempotency replays) is kept byte for byte.
 * - on PostgreSQL every text column has the "C" collation: comparisons and ORDER BY go by code point as on SQLite
 *   (BINARY), whatever the database's locale, so ISO instants compare as instants, names sort the same on both,
 *   and `LIKE 'prefix%'` can use a plain index.
 * Each helper adds its columns in the order given; `createTable('t').$call(c.id).$call(c.text('name'))`.
 */
export function columns(db: Kysely<any>) {
  const text: DataTypeExpression = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : 'text';
  const each =
    (add: (table: Table, name: string) => Table) =>
    (...names: string[]): Step =>
    (table) =>
      names.reduce(add, table);
  return {
    /** The text type of this database (see above), for columns the helpers do not cover. */
    textType: text,
    /** `id text PRIMARY KEY`. */
    id: ((table) => table.addColumn('id', text, (c) => c.primaryKey())) as Step,
    /** Text columns, NOT NULL. */
    text: each((t, name) => t.addColumn(name, text, (c) => c.notNull())),
    /** Text columns that may be NULL. */
    optionalText: each((t, name) => t.addColumn(name, text)),
    /** Text columns, NOT NULL and UNIQUE each. */
    uniqueText: each((t, name) => t.addColumn(name, text, (c) => c.notNull().unique())),
    /** Integer columns, NOT NULL. */
    integer: each((t, name) => t.addColumn(name, 'integer', (c) => c.notNull())),
    /** Integer columns that may be NULL. */
    optionalInteger: each((t, name) => t.addColumn(name, 'integer')),
    /** `created_at` and `updated_at`, NOT NULL instants. */
    timestamps: ((table) => table.addColumn('created_at', text, (c) => c.notNull()).addColumn('updated_at', text, (c) => c.notNull())) as Step,
    /**
     * A text column referencing `target` (`table.id`), NOT NULL unless `optional`; deleting the parent deletes the
     * row (`onDelete` 'cascade', the default) or empties the column ('set null').
     */
    reference:
      (name: string, target: string, options: { optional?: boolean; onDelete?: OnDelete } = {}): Step =>
      (table) =>
        table.addColumn(name, text, (c) => {
          const column = options.optional ? c : c.notNull();
          return column.references(target).onDelete(options.onDelete ?? 'cascade');
        }),
  };
}

/** `CREATE INDEX name ON table (columns...)`, the narrow index behind a list filter or a lookup. */
export async function createIndex(db: Kysely<any>, name: string, table: string, indexed: readonly string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns([...indexed]).execute();
}
