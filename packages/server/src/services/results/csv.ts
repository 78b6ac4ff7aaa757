import { stringify } from 'csv-stringify/sync';

/** A CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * Text a spreadsheet would read as a formula or a command (OWASP, CSV injection): starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return, also after apostrophes (so that the apostrophe added can be told from one written).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** Text that is a plain decimal number (`-3`, `+1.5`, `2e3`): a spreadsheet reads it as that number, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

const readsAsFormula = (text: string): boolean => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);

/**
 * A cell as a spreadsheet may open it safely (R26.6, the OWASP way): text starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return (or with apostrophes before one of them) gets a leading apostrophe (`=HYPERLINK(...)` ->
 * `'=HYPERLINK(...)`), which spreadsheets show as text; numbers, text reading as a plain number (`-3`) and every
 * other text are kept as they are.
 */
export function spreadsheetSafe<T extends CsvCell>(cell: T): T | string {
  return typeof cell === 'string' && readsAsFormula(cell) ? `'${cell}` : cell;
}

/**
 * Undoes {@link spreadsheetSafe} on a cell read back (an exported CSV imported again, R24.5): the apostrophe it added
 * is dropped, any other text is kept (`spreadsheetSafe` then `fromSpreadsheetSafe` gives back any text).
 */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && readsAsFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * CSV text (RFC 4180: fields quoted when they hold a comma, a quote or a line break, quotes doubled; CRLF line ends;
 * UTF-8) with the header row `columns`, then one line per record in the order of `columns`; null and undefined are
 * empty cells, and text that a spreadsheet would run as a formula starts with an apostrophe (spreadsheetSafe; R26.6,
 * R26.7).
 */
export function toCsv<C extends string>(columns: readonly C[], records: ReadonlyArray<Readonly<Record<C, CsvCell>>>): string {
  return stringify(
    records.map((r) => columns.map((c) => spreadsheetSafe(r[c] ?? ''))),
    // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone CR or LF: those are quoted too.
    { header: true, columns: [...columns], record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
