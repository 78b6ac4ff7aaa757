import type { CliIo } from '../deps';
import { padEnd, padStart, textWidth, truncate } from './text';

/** A column of {@link printTable}. */
export interface Column<Row> {
  /** Header shown on a terminal (printed in upper case). */
  header: string;
  value: (row: Row) => string | number | null | undefined;
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
 * spaces), so `cut -f1` and `awk -F'\t'` work.
 */
export function printTable<Row>(io: CliIo, columns: readonly Column<Row>[], rows: readonly Row[]): void {
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  if (!io.isTTY) {
    for (const line of cells) io.stdout.write(`${line.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t')}\n`);
    return;
  }
  const headers = columns.map((column) => column.header.toUpperCase());
  const widths = columns.map((_, i) => Math.max(textWidth(headers[i] ?? ''), ...cells.map((line) => textWidth(line[i] ?? ''))));
  fitWidths(columns, widths, io.columns ?? DEFAULT_COLUMNS);
  const render = (line: readonly string[]) =>
    line
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        const last = i === line.length - 1;
        if (columns[i]?.align === 'right') return padStart(cell, width);
        return last ? truncate(cell, width) : padEnd(cell, width);
      })
      .join(GAP)
      .trimEnd();
  io.stdout.write(`${render(headers)}\n`);
  for (const line of cells) io.stdout.write(`${render(line)}\n`);
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

function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Prints `label: value` lines with aligned values (terminal), or `label\tvalue` lines when piped. */
export function printFields(io: CliIo, fields: readonly [label: string, value: string | number | null | undefined][]): void {
  const width = Math.max(...fields.map(([label]) => textWidth(label)));
  for (const [label, value] of fields) {
    const text = cellText(value);
    io.stdout.write(io.isTTY ? `${padEnd(`${label}:`, width + 1)} ${text}\n` : `${label}\t${text}\n`);
  }
}
