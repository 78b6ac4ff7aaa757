import { padEnd, textWidth, truncate } from '../output/text';
import type { PlacementView } from './bracket-view';

/**
 * Placements as a small table, best first: "Placements", then one line per place, participants sharing a place on
 * the same line (`  5-8  Bellatrix, Deneb, Fomalhaut, Izar`), wrapped to `width` cells.
 */
export function renderPlacements(placements: readonly PlacementView[], width: number): string[] {
  if (placements.length === 0) return [];
  const ordered = [...placements].sort((a, b) => a.placement - b.placement || a.name.localeCompare(b.name));
  const range = (p: PlacementView) => p.placementRange || String(p.placement);
  const groups: { range: string; names: string[] }[] = [];
  for (const p of ordered) {
    const last = groups[groups.length - 1];
    if (last && last.range === range(p)) last.names.push(p.name);
    else groups.push({ range: range(p), names: [p.name] });
  }
  const rangeWidth = Math.max(...groups.map((g) => textWidth(g.range)));
  const indent = 2 + rangeWidth + 2;
  const room = Math.max(8, width - indent);
  const lines = ['Placements'];
  for (const group of groups) {
    let line = '';
    let first = true;
    for (const [i, name] of group.names.entries()) {
      const item = truncate(name, room) + (i < group.names.length - 1 ? ',' : '');
      if (line !== '' && textWidth(line) + 1 + textWidth(item) > room) {
        lines.push(`${first ? `  ${padEnd(group.range, rangeWidth)}  ` : ' '.repeat(indent)}${line}`);
        first = false;
        line = item;
      } else {
        line = line === '' ? item : `${line} ${item}`;
      }
    }
    lines.push(`${first ? `  ${padEnd(group.range, rangeWidth)}  ` : ' '.repeat(indent)}${line}`);
  }
  return lines;
}
