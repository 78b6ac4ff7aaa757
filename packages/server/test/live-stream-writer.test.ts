import { describe, expect } from 'vitest';
import { test } from './helpers/index';
import { createTournament } from './tournaments-helpers';
import { createLiveStreamWriter, trimChunk } from '../src/services/live/live-stream-writer';
import type { RecordedEvent } from '../src/services/events';

const it = test;

/** `n` recorded events of tournament `tournamentId` (match events carry it in `data.tournamentId`). */
function events(tournamentId: string, n: number, from = 0): RecordedEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `event-${from + i}`,
    projectId: 'project',
    type: 'match.started',
    subjectId: `match-${from + i}`,
    data: { tournamentId, n: from + i },
    createdAt: '2030-01-01T00:00:00.000Z',
  }));
}

describe('live stream writer (R28.2, R28.3)', () => {
  it('numbers events gap-free from the counter and keeps between backlog and backlog + chunk of them', async ({ server, tenant }) => {
    const { id } = await createTournament(server, tenant);
    const db = server.deps.db;
    const backlog = 20;
    const chunk = trimChunk(backlog);
    expect(chunk).toBe(2);
    const write = createLiveStreamWriter(backlog);
    const counts: number[] = [];
    let written = 0;
    // Existing stream rows (tournament.created ...) count too: start from what the server already numbered.
    const before = await db.selectFrom('tournament_live_events').select('seq').where('tournament_id', '=', id).execute();
    written = before.length;
    for (let step = 0; step < 40; step++) {
      const n = step % 7 === 3 ? 3 : 1;
      await db.transaction().execute((trx) => write(trx, events(id, n, written)));
      written += n;
      const rows = await db.selectFrom('tournament_live_events').select(['seq', 'event_id']).where('tournament_id', '=', id).orderBy('seq').execute();
      const seqs = rows.map((r) => Number(r.seq));
      expect(seqs.at(-1)).toBe(written);
      expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
      expect(rows.at(-1)!.event_id).toBe(`event-${written - 1}`);
      counts.push(rows.length);
    }
    const counter = await db.selectFrom('tournament_live_seq').select('seq').where('tournament_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(counter.seq)).toBe(written);
    const full = counts.slice(counts.findIndex((c) => c >= backlog));
    expect(Math.min(...full)).toBeGreaterThanOrEqual(backlog);
    // At most chunk - 1 numbers since the last trim, plus the 3 events of the largest write.
    expect(Math.max(...full)).toBeLessThanOrEqual(backlog + chunk - 1 + 3);
    // Not every write trims: some counts exceed the backlog.
    expect(Math.max(...full)).toBeGreaterThan(backlog);
  });

  it('leaves out the events of a tournament deleted in the same transaction, without a foreign key error', async ({ server, tenant }) => {
    const { id } = await createTournament(server, tenant);
    const other = await createTournament(server, tenant);
    const db = server.deps.db;
    const write = createLiveStreamWriter(1000);
    const otherBefore = await db.selectFrom('tournament_live_seq').select('seq').where('tournament_id', '=', other.id).executeTakeFirst();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tournaments').where('id', '=', id).execute();
      await write(trx, [...events(id, 2), ...events(other.id, 1, 2)]);
    });
    expect(await db.selectFrom('tournament_live_events').selectAll().where('tournament_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('tournament_live_seq').selectAll().where('tournament_id', '=', id).execute()).toEqual([]);
    const otherAfter = await db.selectFrom('tournament_live_seq').select('seq').where('tournament_id', '=', other.id).executeTakeFirstOrThrow();
    expect(Number(otherAfter.seq)).toBe(Number(otherBefore?.seq ?? 0) + 1);
  });
});
