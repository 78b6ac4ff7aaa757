import type { CliIo } from '../deps';
import type { Style } from './style';
import { safeText } from './safe-text';
import { padEnd, padStart, textWidth, truncate } from './text';

/** A column of {@link printTable}. */
export interface Column<Row> {
  /** Header shown on a terminal (printed in upper case). */
  header: string;
  /** What a person reads on a terminal (names, translated codes, marks). */
  value: (row: Row) => string | number | null | undefined;
  /** What a program reads when piped: the API's raw value (default: `value`). */
  raw?: (row: Row) => string | number | null | undefined;
  /** Only on a terminal (`tty`) or only when piped (`pipe`); default both. */
  only?: 'tty' | 'pipe';
  /** Colour of the cell on a terminal, applied after padding. */
  tone?: (row: Row, style: Style) => ((text: string) => string) | undefined;
  align?: 'left' | 'right';
  /**
   * Free text or a list (names, messages, URLs, scopes): on a terminal narrower than the table its cells shrink with
   * an ellipsis, widest first among the columns of the lowest {@link Column.priority} (R20.5).
   */
  flex?: boolean;
  /**
   * How much a flexible column matters (default 1): lower ones give up width first, so the key column (a name, a
   * message, a URL) keeps the room that is left; 0 for lists such as scopes or events, 2 for the key column.
   */
  priority?: number;
  /**
   * Cells a flexible column keeps before the table drops a {@link Column.drop} column to make room (default 20 for a
   * key column, priority 2 or more, else 10; never more than its widest cell); past that it shrinks down to 4 cells.
   */
  minWidth?: number;
  /**
   * Low-value column (a raw id when a name is shown, a secondary detail) left out on a terminal too narrow for the
   * table once the flexible columns are at their minWidth: rank 1 goes first, then 2, ... Piped output keeps it.
   */
  drop?: number;
  /**
   * An optional detail (a label, a scheduled time) left out on a terminal when no row has a value for it, so that an
   * always-empty column takes no room. Piped output keeps it, so that fields stay in place.
   */
  hideEmpty?: boolean;
}

const GAP = '  ';
/** Cells a flexible column keeps before droppable columns go (see Column.minWidth): a key column, any other. */
const KEY_MIN_WIDTH = 20;
const SOFT_MIN_WIDTH = 10;
/** Priority from which a flexible column is the key column of its table (see Column.priority). */
const KEY_PRIORITY = 2;
/** Cells a flexible column keeps once every droppable column is gone: three characters and the ellipsis. */
const HARD_MIN_WIDTH = 4;

/** Default terminal width when the terminal does not say. */
export const DEFAULT_COLUMNS = 100;

/**
 * Prints rows. On a terminal: an aligned table with an upper-case header that fits the terminal width (see
 * fitColumns: flexible columns shrink, low-value columns are left out; see Column.hideEmpty). When piped, every column: one line per row,
 * fields separated by tabs, no header (tabs and newlines inside values become spaces), so `cut -f1` and `awk -F'\t'`
 * work. Either way other control characters in values are shown as U+FFFD (see safeText), never written raw.
 */
export function printTable<Row>(io: CliIo, allColumns: readonly Column<Row>[], rows: readonly Row[], style?: Style): void {
  if (!io.isTTY) {
    const piped = allColumns.filter((column) => column.only !== 'tty');
    for (const row of rows) {
      const line = piped.map((column) => cellText((column.raw ?? column.value)(row)));
      io.stdout.write(`${line.join('\t')}\n`);
    }
    return;
  }
  const terminalColumns = allColumns.filter(
    (column) => column.only !== 'pipe' && !(column.hideEmpty && rows.every((row) => cellText(column.value(row)) === '')),
  );
  const allHeaders = terminalColumns.map((column) => column.header.toUpperCase());
  const allCells = rows.map((row) => terminalColumns.map((column) => cellText(column.value(row))));
  const natural = terminalColumns.map((_, i) => Math.max(textWidth(allHeaders[i] ?? ''), ...allCells.map((line) => textWidth(line[i] ?? ''))));
  const fit = fitColumns(terminalColumns, natural, io.columns && io.columns > 0 ? io.columns : DEFAULT_COLUMNS);
  const columns = fit.shown.map((i) => terminalColumns[i]!);
  const headers = fit.shown.map((i) => allHeaders[i] ?? '');
  const cells = allCells.map((line) => fit.shown.map((i) => line[i] ?? ''));
  const widths = fit.widths;
  const render = (line: readonly string[], row?: Row) =>
    line
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        const last = i === line.length - 1;
        const text = columns[i]?.align === 'right' ? padStart(cell, width) : last ? truncate(cell, width) : padEnd(cell, width);
        const tone = row !== undefined && style ? columns[i]?.tone?.(row, style) : undefined;
        return tone ? tone(text) : text;
      })
      .join(GAP)
      .trimEnd();
  io.stdout.write(`${style ? style.bold(render(headers)) : render(headers)}\n`);
  cells.forEach((line, i) => io.stdout.write(`${render(line, rows[i])}\n`));
}

/** Total cells of a row with these column widths and the gaps between them. */
function rowWidth(widths: readonly number[]): number {
  return widths.reduce((sum, width) => sum + width, 0) + GAP.length * Math.max(0, widths.length - 1);
}

/**
 * Which terminal columns a table shows and how wide, so that a row fits `available` cells (R20.5): first flexible
 * columns shrink to their minWidth (lowest priority, then widest, first); if that is not enough, droppable columns go
 * (lowest drop rank first), each time starting again from the natural widths so the key column gets the room freed;
 * with every droppable column gone, flexible columns shrink to 4 cells and, as a last resort, any column does.
 * `natural` is each column's widest cell or header. Returns indexes into `columns` and a width for each.
 */
export function fitColumns<Row>(
  columns: readonly Column<Row>[],
  natural: readonly number[],
  available: number,
): { shown: number[]; widths: number[] } {
  const dropOrder = columns
    .map((column, i) => ({ rank: column.drop, i }))
    .filter((entry): entry is { rank: number; i: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((entry) => entry.i);
  for (let dropped = 0; dropped <= dropOrder.length; dropped++) {
    const hidden = new Set(dropOrder.slice(0, dropped));
    const shown = columns.map((_, i) => i).filter((i) => !hidden.has(i));
    const widths = shown.map((i) => natural[i] ?? 0);
    const flexible = shown.map((i) => columns[i]?.flex === true);
    const soft = shown.map((i) => Math.min(natural[i] ?? 0, softMinimum(columns[i])));
    shrinkColumns(widths, soft, flexible, shown.map((i) => columns[i]?.priority ?? 1), available);
    if (rowWidth(widths) <= available) return { shown, widths };
    if (dropped < dropOrder.length) continue;
    const hard = shown.map((i) => Math.min(natural[i] ?? 0, HARD_MIN_WIDTH));
    shrinkColumns(widths, hard, flexible, shown.map((i) => columns[i]?.priority ?? 1), available);
    shrinkColumns(widths, shown.map(() => 1), shown.map(() => true), shown.map(() => 0), available);
    return { shown, widths };
  }
  return { shown: [], widths: [] };
}

/** Cells a column keeps before droppable columns go: its minWidth, else 20 for a key column and 10 for another. */
function softMinimum<Row>(column: Column<Row> | undefined): number {
  return column?.minWidth ?? ((column?.priority ?? 1) >= KEY_PRIORITY ? KEY_MIN_WIDTH : SOFT_MIN_WIDTH);
}

/**
 * Narrows `widths` in place until the row fits `available` cells or no allowed column can give more: only columns
 * whose `allowed` is true, never below their `minimum`; the lowest `priority` first and, within it, the widest one
 * cell at a time (so equally wide columns end equally wide).
 */
function shrinkColumns(widths: number[], minimum: readonly number[], allowed: readonly boolean[], priority: readonly number[], available: number): void {
  const levels = [...new Set(priority)].sort((a, b) => a - b);
  for (const level of levels) {
    while (rowWidth(widths) > available) {
      let widest = -1;
      widths.forEach((width, i) => {
        if (allowed[i] && priority[i] === level && width > (minimum[i] ?? 0) && (widest < 0 || width > (widths[widest] ?? 0))) widest = i;
      });
      if (widest < 0) break;
      widths[widest] = (widths[widest] ?? 0) - 1;
    }
  }
}

/** A cell as one line of plain text: empty for null and undefined, control characters neutralised (safeText). */
function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return safeText(String(value));
}

/** A line of {@link printFields}: label, what a person reads, and (optional) the raw value printed when piped. */
export type Field = readonly [label: string, value: string | number | null | undefined, raw?: string | number | null | undefined];

/**
 * Prints `label: value` lines with aligned values (terminal), or `label\traw value` lines when piped; values are one
 * line each, their control characters neutralised (see cellText).
 */
export function printFields(io: CliIo, fields: readonly Field[]): void {
  const width = Math.max(...fields.map(([label]) => textWidth(label)));
  for (const field of fields) {
    const [label, value] = field;
    if (io.isTTY) io.stdout.write(`${padEnd(`${label}:`, width + 1)} ${cellText(value)}\n`);
    else io.stdout.write(`${label}\t${cellText(field.length > 2 ? field[2] : value)}\n`);
  }
}
