import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { fromSpreadsheetSafe, spreadsheetSafe, toCsv } from '../../src/services/results/csv';

// results.csv and matches.csv (R26.6, R26.7) are RFC 4180: a field holding a line break of any kind is quoted.
describe('toCsv', () => {
  it('quotes a field holding a lone LF or CR as well as CRLF, commas and quotes, so every row parses back whole', () => {
    const names = ['new\nline', 'Delta\rCR', 'two\r\nlines', 'Walk-in, "Lucky"', 'plain'];
    const text = toCsv(['place', 'name'], names.map((name, i) => ({ place: i + 1, name })));
    expect(text).toContain('"new\nline"');
    expect(text).toContain('"Delta\rCR"');
    expect(text).toContain('"two\r\nlines"');
    expect(text).toContain('"Walk-in, ""Lucky"""');
    expect(text.endsWith('plain\r\n')).toBe(true);
    const rows = parse(text, { columns: true }) as { place: string; name: string }[];
    expect(rows.map((r) => r.name)).toEqual(names);
  });

  it('starts text reading as a formula (= + - @ tab CR) with an apostrophe, never a number, and reads every text back as written', () => {
    const risky = ['=HYPERLINK("http://evil.example","x")', '@SUM(1+1)', '+cmd|', '-2+3', '\tTab', '\rCR', "'=already quoted", "''@twice"];
    const kept = ['plain', "'apostrophe", '-7', '+1.5', '2e3', '3-4', 'a=b', ''];
    const text = toCsv(['name', 'score'], [...risky, ...kept].map((name) => ({ name, score: -1 })));
    const rows = parse(text, { columns: true }) as { name: string; score: string }[];
    expect(rows.map((r) => r.name)).toEqual([...risky.map((r) => `'${r}`), ...kept]);
    expect(rows.every((r) => r.score === '-1')).toBe(true); // numbers as they are
    for (const cell of [...risky, ...kept]) expect(fromSpreadsheetSafe(spreadsheetSafe(cell))).toBe(cell);
  });
});
