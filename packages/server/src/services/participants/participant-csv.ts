import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../errors/app-error';
import { fromSpreadsheetSafe, spreadsheetSafe } from '../results/csv';
import type { EntryInput, EntryPaths } from './roster-entry';

/** Columns importParticipants reads (R24.3, R27.10); `group` names a group of stage 1 (R24.11). */
export const IMPORT_COLUMNS = ['name', 'username', 'seed', 'group', 'team', 'rating'] as const;

/** Columns exportParticipants writes (R24.5): the first five import columns, then status and id. */
export const EXPORT_COLUMNS = ['name', 'username', 'seed', 'group', 'team', 'status', 'id'] as const;

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 4096;

/** A parsed data row: its number (1 = the first row after the header), what it asks for and where its fields are. */
export interface CsvEntry {
  row: number;
  input: EntryInput;
  paths: EntryPaths;
  /** The `group` cell as given ('' for none): a group name of stage 1 (R24.11). */
  group: string;
}

const SEED = /^[0-9]+$/;
const RATING = /^[0-9]+(\.[0-9]+)?$/;

/** Field paths of data row `row`: `csv.row[3].seed` ... */
export function rowPaths(row: number): EntryPaths {
  const at = `csv.row[${row}]`;
  return { name: `${at}.name`, username: `${at}.username`, team: `${at}.team`, teamName: `${at}.team`, seed: `${at}.seed`, rating: `${at}.rating`, entry: at };
}

const invalidCsv = (details: { path: string; message: string }[]): AppError =>
  new AppError('VALIDATION_ERROR', `${details[0]?.path}: ${details[0]?.message}`, { details: details.slice(0, 50) });

/** Header and rows of the text with csv-parse; a malformed file is 400 naming the line. */
function readRecords(text: string): string[][] {
  try {
    return parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const message = error instanceof Error ? error.message : String(error);
    throw invalidCsv([{ path: 'csv', message: `is not valid CSV${line !== undefined ? ` (line ${line})` : ''}: ${message}` }]);
  }
}

/**
 * Parses an import (R24.3): a header row naming columns among name, username, seed, group and team (any order,
 * case-insensitive; name or username required; no other, none twice), then one participant per row. In a team
 * tournament (`teamTournament`) `username` lists the members' usernames separated by spaces or `;`. Every row's
 * field-level problems are collected: seed not a whole number from 1, a seed given twice in the file, a row without
 * a group when other rows carry one (all rows or none, R24.11; the group names are checked by planCsvDraw).
 * @throws AppError 400 VALIDATION_ERROR naming `csv`, `csv.header` or `csv.row[n].<column>` (details: up to 50).
 */
export function parseParticipantCsv(text: string, teamTournament: boolean): CsvEntry[] {
  const [header, ...records] = readRecords(text);
  if (header === undefined) throw invalidCsv([{ path: 'csv', message: 'is empty: expected a header row (name,username,seed,group,team)' }]);
  const columns = header.map((h) => h.toLowerCase());
  const headerIssues = columns.flatMap((c, i) => {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(c)) return [{ path: 'csv.header', message: `unknown column "${header[i]}": expected ${IMPORT_COLUMNS.join(', ')}` }];
    if (columns.indexOf(c) !== i) return [{ path: 'csv.header', message: `column "${c}" appears twice` }];
    return [];
  });
  if (!columns.includes('name') && !columns.includes('username')) headerIssues.push({ path: 'csv.header', message: 'needs a name or a username column' });
  if (headerIssues.length > 0) throw invalidCsv(headerIssues);
  if (records.length === 0) throw invalidCsv([{ path: 'csv', message: 'has no participant rows after the header' }]);
  if (records.length > MAX_IMPORT_ROWS) throw invalidCsv([{ path: 'csv', message: `has ${records.length} rows: at most ${MAX_IMPORT_ROWS}` }]);

  const issues: { path: string; message: string }[] = [];
  const seedRows = new Map<number, number>();
  const entries = records.map((record, i) => {
    const row = i + 1;
    const paths = rowPaths(row);
    // An exported cell keeps the apostrophe that kept it from reading as a formula (R24.5): dropped here.
    const cell = (c: string): string => fromSpreadsheetSafe(record[columns.indexOf(c)] ?? '');
    const seedText = cell('seed');
    let seed: number | null = null;
    if (seedText !== '') {
      if (!SEED.test(seedText) || Number(seedText) < 1) issues.push({ path: paths.seed, message: `must be a whole number from 1 (got "${seedText}")` });
      else {
        seed = Number(seedText);
        const first = seedRows.get(seed);
        if (first !== undefined) issues.push({ path: paths.seed, message: `seed ${seed} is also given in row ${first}` });
        else seedRows.set(seed, row);
      }
    }
    const ratingText = cell('rating');
    let rating: number | null = null;
    if (ratingText !== '') {
      const value = Number(ratingText);
      if (!RATING.test(ratingText) || value > 1_000_000) issues.push({ path: paths.rating, message: `must be a number from 0 to 1000000 (got "${ratingText}")` });
      else rating = value;
    }
    const input: EntryInput = { name: cell('name'), seed, rating };
    if (teamTournament) {
      input.teamName = cell('team');
      input.memberUsernames = cell('username').split(/[;\s]+/).filter((u) => u !== '');
    } else {
      input.username = cell('username');
      if (cell('team') !== '') input.teamName = cell('team');
    }
    return { row, input, paths, group: cell('group') };
  });
  const grouped = entries.filter((e) => e.group !== '');
  if (grouped.length > 0 && grouped.length < entries.length) {
    const first = grouped[0] as CsvEntry;
    for (const e of entries) {
      if (e.group === '') issues.push({ path: `${e.paths.entry}.group`, message: `is empty while row ${first.row} names a group: give every row a group, or none` });
    }
  }
  if (issues.length > 0) throw invalidCsv(issues);
  return entries;
}

/** One exported participant (R24.5): `username` is the linked user's, or the members' joined by `;` for a team. */
export interface ExportRow {
  name: string;
  username: string;
  seed: number | null;
  /** Its group of stage 1 by name (the draw, or the groups as played), '' for none. */
  group: string;
  team: string;
  status: string;
  id: string;
}

/**
 * The CSV text of an export: the header row, then one line per participant (`\n` line endings); text a spreadsheet
 * would read as a formula starts with an apostrophe (spreadsheetSafe, dropped again on import).
 */
export function participantCsv(rows: readonly ExportRow[]): string {
  return stringify(
    rows.map((r) => Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, spreadsheetSafe(c === 'seed' ? (r.seed ?? '') : r[c])]))),
    { header: true, columns: [...EXPORT_COLUMNS] },
  );
}
