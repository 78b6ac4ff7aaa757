import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderBracket } from '../src/bracket/render-bracket';
import { BASE } from './helpers/api-fixtures';
import { runCli, tempDir } from './helpers/cli-harness';
import { captureTournamentCreate, useMswServer } from './helpers/msw';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => dir.cleanup());

const KEY = ['--base-url', BASE, '--api-key', 'tk_test_key_123456'];
const T = '01900000-0000-7000-8000-000000000001';
const groupsReply = (groups: string[][]) => ({
  success: true,
  data: { stageNumber: 1, drawn: true, groups: groups.map((participantIds, i) => ({ number: i + 1, name: 'AB'[i] as string, participantIds })) },
});

describe('tourney tournament draw / groups / seed-stage (R23.3, R23.4)', () => {
  it('draw --group sends one group per flag, in order, and prints the named groups', async () => {
    let body: unknown;
    server.use(
      http.put(`${BASE}/tournaments/${T}/stages/1/groups`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(groupsReply([['p1', 'p2'], ['p3', 'p4']]));
      }),
    );
    const result = await runCli(['tournament', 'draw', T, '--group', 'p1,p2', '--group', 'p3, p4', ...KEY], { configDir: dir.path });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(body).toEqual({ groups: [{ participantIds: ['p1', 'p2'] }, { participantIds: ['p3', 'p4'] }] });
    expect(result.out).toBe('Group A: p1, p2\nGroup B: p3, p4\n');
  });

  it('draw --file reads a YAML map of group name to ids', async () => {
    let body: unknown;
    server.use(
      http.put(`${BASE}/tournaments/${T}/stages/1/groups`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(groupsReply([['p1', 'p2'], ['p3', 'p4']]));
      }),
    );
    const file = join(dir.path, 'draw.yaml');
    await writeFile(file, 'A: [p1, p2]\nB: [p3, p4]\n');
    const result = await runCli(['tournament', 'draw', T, '--file', file, '--json', ...KEY], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(body).toEqual({ groups: [{ participantIds: ['p1', 'p2'] }, { participantIds: ['p3', 'p4'] }] });
    expect(JSON.parse(result.out).groups[1].name).toBe('B');
  });

  it('draw without groups is refused before any request', async () => {
    const result = await runCli(['tournament', 'draw', T, ...KEY], { configDir: dir.path });
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/--group|--file/);
  });

  it('seed-stage --slots sends the ids in slot order', async () => {
    let body: unknown;
    server.use(
      http.put(`${BASE}/tournaments/${T}/stages/2/seeding`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, data: { stageNumber: 2, entrants: [{ participantId: 'p1', seed: 1 }, { participantId: 'p2', seed: 2 }] } });
      }),
    );
    const result = await runCli(['tournament', 'seed-stage', T, '--stage', '2', '--slots', '--order', 'p1,p2', ...KEY], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(body).toEqual({ order: 'SLOT', participantIds: ['p1', 'p2'] });
    expect(result.out).toBe('1\tp1\n2\tp2\n');
  });

  it('create --stages FILE sends group names and the cross-groups preset in the contract form', async () => {
    const created = captureTournamentCreate(server);
    const file = join(dir.path, 'stages.yaml');
    await writeFile(
      file,
      '- { name: Groups, format: groups, settings: { groupCount: 8, groupNames: [A, B, C, D, E, F, G, H] } }\n' +
        '- { name: Knockout, format: single-elimination, settings: { thirdPlaceMatch: true, slotMapPreset: cross-groups } }\n',
    );
    const result = await runCli(['tournament', 'create', '--name', 'World Cup', '--discipline', 'football', '--max-participants', '32', '--stages', file, ...KEY], {
      configDir: dir.path,
    });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(created.body.stages[1].settings).toEqual({ thirdPlaceMatch: true, slotMapPreset: 'CROSS_GROUPS' });
    expect(created.body.stages[0].settings.groupNames).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  });

  it('create --group-names sets the names of a group stage', async () => {
    const created = captureTournamentCreate(server);
    const result = await runCli(
      ['tournament', 'create', '--name', 'League', '--discipline', 'chess', '--format', 'groups', '--groups', '2', '--group-names', 'North,South', ...KEY],
      { configDir: dir.path },
    );
    expect(result.code).toBe(0);
    expect(created.body.stages[0].settings).toEqual({ groupCount: 2, groupNames: ['North', 'South'] });
  });
});

describe('tourney bracket with group names (R23.2)', () => {
  it('labels group matches and standings by the group names', () => {
    const side = (participantId: string, name: string) => ({ participantId, name, score: null });
    const out = renderBracket(
      {
        tournamentId: 't',
        status: 'ONGOING',
        stages: [
          {
            stage: { number: 1, name: 'Groups', format: 'GROUPS' },
            rounds: [
              {
                bracket: 'GROUP',
                round: 1,
                name: 'Round 1',
                matches: [
                  { id: 'm1', bracket: 'GROUP', groupNumber: 1, groupName: 'North', round: 1, number: 1, status: 'SCHEDULED', winnerId: null, participants: [side('a', 'ann'), side('b', 'ben')] },
                ],
              },
            ],
            standings: [
              { rank: 1, name: 'ann', group: 1, groupName: 'North', played: 0, wins: 0, draws: 0, losses: 0, points: 0 },
              { rank: 2, name: 'ben', group: 1, groupName: 'North', played: 0, wins: 0, draws: 0, losses: 0, points: 0 },
            ],
          },
        ],
        placements: [],
      } as any,
      { width: 80 },
    );
    expect(out).toMatch(/North-1\s+ann\s+vs\s+ben/);
    expect(out).toContain('Group North standings');
  });
});
