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
  /** This column gives up width first when the table is wider than the terminal (down to 8 cells). */
  flex?: boolean;
}

const GAP = '  ';
const MIN_FLEX_WIDTH = 8;

/** Default terminal width when the terminal does not say. */
export const DEFAULT_COLUMNS = 100;

/**
 * Prints rows. On a terminal: an aligned table with an upper-case header, shrinking flexible columns to the terminal
 * width. When piped: one line per row, fields separated by tabs, no header (tabs and newlines inside values become
 * spaces), so `cut -f1` and `awk -F'\t'` work. Either way other control characters in values are shown as U+FFFD
 * (see safeText), never written raw.
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
  const columns = allColumns.filter((column) => column.only !== 'pipe');
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  const headers = columns.map((column) => column.header.toUpperCase());
  const widths = columns.map((_, i) => Math.max(textWidth(headers[i] ?? ''), ...cells.map((line) => textWidth(line[i] ?? ''))));
  fitWidths(columns, widths, io.columns ?? DEFAULT_COLUMNS);
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

function fitWidths<Row>(columns: readonly Column<Row>[], widths: number[], available: number): void {
  const total = () => widths.reduce((sum, width) => sum + width, 0) + GAP.length * (widths.length - 1);
  let excess = total() - available;
  for (let i = 0; i < columns.length && excess > 0; i++) {
    if (!columns[i]?.flex) continue;
    const width = widths[i] ?? 0;
    const cut = Math.min(excess, Math.max(0, width - MIN_FLEX_WIDTH));
    widths[i] = width - cut;
    excess -= cut;
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
