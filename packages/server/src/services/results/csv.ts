import { stringify } from 'csv-stringify/sync';

/** A CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * CSV text (RFC 4180: fields quoted when they hold a comma, a quote or a line break, quotes doubled; CRLF line ends;
 * UTF-8) with the header row `columns`, then one line per record in the order of `columns`; null and undefined are
 * empty cells (R26.6, R26.7).
 */
export function toCsv<C extends string>(columns: readonly C[], records: ReadonlyArray<Readonly<Record<C, CsvCell>>>): string {
  return stringify(
    records.map((r) => columns.map((c) => r[c] ?? '')),
    // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone CR or LF: those are quoted too.
    { header: true, columns: [...columns], record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
