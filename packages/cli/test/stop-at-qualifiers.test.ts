/**
 * A single elimination that stops at its qualifiers (`StageSettings.stopAtQualifiers`, R7.20) from the CLI: the
 * setting goes in a --stages file (like advanceCount, it only applies to a stage followed by another, which single-stage
 * flags cannot make), and `tourney bracket` shows the truncated stage without a champion.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BracketView } from '../src/bracket/bracket-view';
import { renderBracket } from '../src/bracket/render-bracket';
import { renderTree } from '../src/bracket/render-tree';
import { describeStage } from '../src/commands/tournament';
import { BASE } from './helpers/api-fixtures';
import { runCli, tempDir } from './helpers/cli-harness';
import { captureTournamentCreate, useMswServer } from './helpers/msw';
import { buildSingleElimination, SIXTEEN_NAMES } from './fixtures/bracket-fixture';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => dir.cleanup());

const KEY = ['--base-url', BASE, '--api-key', 'tk_test_key_123456'];

describe('tourney tournament create with a stage that stops at its qualifiers (R7.20)', () => {
  it('sends stopAtQualifiers and advanceCount from a --stages file as they are', async () => {
    const created = captureTournamentCreate(server);
    const file = join(dir.path, 'stages.yaml');
    await writeFile(
      file,
      '- { name: Open qualifier, format: single-elimination, settings: { advanceCount: 8, stopAtQualifiers: true } }\n' +
        '- { name: Playoffs, format: double-elimination }\n',
    );
    const result = await runCli(['tournament', 'create', '--name', 'Open', '--discipline', 'chess', '--max-participants', '128', '--stages', file, ...KEY], {
      configDir: dir.path,
    });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(created.body.stages).toEqual([
      { name: 'Open qualifier', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 8, stopAtQualifiers: true } },
      { name: 'Playoffs', format: 'DOUBLE_ELIMINATION' },
    ]);
  });
});

describe('tourney bracket: a stage that stops at its qualifiers (R7.20)', () => {
  // 16 players stopping at 4: the full fixture's rounds 1 and 2 (the better seed wins), the last with 4 matches.
  const full = buildSingleElimination(SIXTEEN_NAMES);
  const truncated = full.stages[0]!.rounds.filter((r) => r.round <= 2).map((r) => ({ ...r, name: r.round === 1 ? 'Round of 16' : 'Quarter-finals' }));
  const playoffs = buildSingleElimination(['alice', 'bob', 'carol', 'dave']);
  const bracket: BracketView = {
    tournamentId: 't1',
    status: 'COMPLETED',
    stages: [
      { stage: { number: 1, name: 'Open qualifier', format: 'SINGLE_ELIMINATION' }, rounds: truncated },
      { stage: { number: 2, name: 'Playoffs', format: 'SINGLE_ELIMINATION' }, rounds: playoffs.stages[0]!.rounds },
    ],
    placements: playoffs.placements,
  };

  it('lists the truncated stage round by round (it is no halving tree) and draws the playoffs as a tree', () => {
    expect(renderTree(truncated, 100)).toBeNull();
    const text = renderBracket(bracket, { width: 100 });
    for (const line of text.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
    const [stage1, stage2] = text.split('Stage 2: Playoffs (single elimination)');
    expect(stage1).toContain('Stage 1: Open qualifier (single elimination)');
    expect(stage1).toMatch(/Round of 16\n(  \d\.  .*\n){8}\nQuarter-finals\n(  \d\.  .*\n){4}/);
    // The four quarter-final winners are the unbeaten: each marked once as a winner, nobody as champion.
    for (const name of ['alice', 'bob', 'carol', 'dave']) expect(stage1?.match(new RegExp(`${name} ✓`, 'g'))).toHaveLength(2);
    expect(stage1).not.toContain('Champion');
    expect(stage2).toMatch(/^\n\nSemi-finals\s+Final\s+Champion$/m);
    expect(text).toContain('Champion: alice');
  });
});

describe('tourney tournament show: a stage that stops at its qualifiers (R7.20, R7.21)', () => {
  it('says so, and leaves out the grand final a double elimination cut at its qualifiers does not play', () => {
    expect(describeStage({ format: 'SINGLE_ELIMINATION', settings: { advanceCount: 8, stopAtQualifiers: true, thirdPlaceMatch: false } })).toBe(
      'single elimination, stops when the qualifiers are known, 8 advance',
    );
    expect(describeStage({ format: 'DOUBLE_ELIMINATION', settings: { advanceCount: 4, stopAtQualifiers: true, grandFinal: 'none' } })).toBe(
      'double elimination, stops when the qualifiers are known, half from each bracket, 4 advance',
    );
    expect(describeStage({ format: 'DOUBLE_ELIMINATION', settings: { advanceCount: 4, grandFinal: 'none' } })).toBe('double elimination, grand final none, 4 advance');
  });
});
