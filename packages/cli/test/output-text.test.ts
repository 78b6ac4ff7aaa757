import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderTree } from '../src/bracket/render-tree';
import type { CliIo } from '../src/deps';
import { printTable } from '../src/output/table';
import { padEnd, padStart, textWidth, truncate } from '../src/output/text';
import { buildSingleElimination } from './fixtures/bracket-fixture';

const FAMILY = '👨‍👩‍👧'; // one emoji of three people joined by zero-width joiners: 2 cells
const ACCENTED = 'Éle\u0301onore'; // the second é is e + combining acute accent

describe('terminal text widths', () => {
  it('counts wide characters (CJK, emoji) as two cells and combining marks as none', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('李小龍')).toBe(6);
    expect(textWidth('김연아')).toBe(6);
    expect(textWidth(FAMILY)).toBe(2);
    expect(textWidth(`${FAMILY}x`)).toBe(3);
    expect(textWidth(ACCENTED)).toBe(8);
  });

  it('truncates by cells without splitting a character', () => {
    expect(truncate('李小龍', 6)).toBe('李小龍');
    expect(truncate('李小龍', 5)).toBe('李小…');
    expect(truncate('李小龍', 4)).toBe('李…'); // 龍 would straddle the limit: one cell narrower
    expect(truncate(`${FAMILY}${FAMILY}`, 3)).toBe(`${FAMILY}…`);
    expect(truncate(ACCENTED, 4)).toBe('Éle\u0301…');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 0)).toBe('');
  });

  it('pads to exactly the asked number of cells', () => {
    for (const text of ['李小龍', FAMILY, ACCENTED, 'plain', '李小龍李小龍']) {
      expect(stringWidth(padEnd(text, 7))).toBe(7);
      expect(stringWidth(padStart(text, 7))).toBe(7);
    }
    expect(padEnd('李小龍', 8)).toBe('李小龍  ');
    expect(padStart(FAMILY, 4)).toBe(`  ${FAMILY}`);
  });
});

describe('tables with wide names', () => {
  const io = (columns = 100) => {
    let out = '';
    const sink: CliIo = { stdout: { write: (s: string) => void (out += s) }, stderr: { write: () => undefined }, isTTY: true, columns } as CliIo;
    return { io: sink, text: () => out };
  };
  const columns = [
    { header: 'name', value: (r: { name: string; seed: number; status: string }) => r.name, flex: true },
    { header: 'seed', value: (r: { seed: number }) => r.seed, align: 'right' as const },
    { header: 'status', value: (r: { status: string }) => r.status },
  ];
  const rows = [
    { name: 'alice', seed: 1, status: 'ACTIVE' },
    { name: '李小龍', seed: 2, status: 'ACTIVE' },
    { name: `${FAMILY} team`, seed: 3, status: 'CHECKED_IN' },
    { name: ACCENTED, seed: 12, status: 'ACTIVE' },
  ];

  it('aligns every column on screen when names hold CJK and emoji', () => {
    const { io: sink, text } = io();
    printTable(sink, columns, rows);
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    // the status column starts at the same terminal cell on every line
    const statusAt = (line: string) => stringWidth(line.slice(0, line.search(/(STATUS|ACTIVE|CHECKED_IN)$/)));
    expect(new Set(lines.map(statusAt)).size).toBe(1);
    expect(lines[2]).toBe('李小龍       2  ACTIVE'); // name column: 8 cells (the accented name), then the gap
  });

  it('shrinks a wide name to the terminal width by cells', () => {
    const { io: sink, text } = io(22);
    printTable(sink, columns, [{ name: '李小龍李小龍李小龍', seed: 1, status: 'ACTIVE' }]);
    const [, line] = text().trimEnd().split('\n');
    expect(stringWidth(line!)).toBeLessThanOrEqual(22);
    expect(line).toMatch(/^李小龍…\s+1  ACTIVE$/);
  });
});

describe('bracket tree with wide names', () => {
  it('keeps the connectors of every match in one column', () => {
    const names = ['李小龍', 'bob', `${FAMILY}${FAMILY}`, 'dave', '김연아', 'frank', ACCENTED, 'heidi'];
    const lines = renderTree(buildSingleElimination(names).stages[0]!.rounds.filter((r) => r.bracket === 'WINNERS'), 100)!;
    expect(lines).not.toBeNull();
    // terminal cell of every occurrence of a glyph
    const cellsOf = (glyph: string) =>
      new Set(lines.flatMap((line) => [...line.matchAll(new RegExp(glyph, 'g'))].map((m) => stringWidth(line.slice(0, m.index)))));
    // one column of corners per round (three rounds), the same for upper and lower sides
    expect(cellsOf('┐').size).toBe(3);
    expect(cellsOf('┘')).toEqual(cellsOf('┐'));
    expect(cellsOf('├').size).toBe(3);
    for (const name of ['李小龍', '김연아', FAMILY]) expect(lines.join('\n')).toContain(name);
  });
});
