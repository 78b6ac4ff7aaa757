import { BRACKET_SEED_ORDERINGS, FORMATS } from '@tourney/core';
import { describe, expect } from 'vitest';
import { it, test } from './helpers/index';
import { getData, playEverything, startWithStages } from './formats-helpers';
import { ordinal, playOffLabel, playOffPlaces, type LinkedMatch } from '../src/pages/play-off-places';

test.scoped({ playerCount: 8 });

/** The matches of a generated stage as the bracket links them, with keys for ids. */
const linkedOf = (matches: readonly { key: string; bracket: string; next: { winner: { key: string } | null; loser: { key: string } | null } }[]): LinkedMatch[] => {
  const ref = (to: { key: string } | null) => (to === null ? null : { matchId: to.key });
  return matches.map((m) => ({ id: m.key, bracket: m.bracket, next: { winner: ref(m.next.winner), loser: ref(m.next.loser) } }));
};

const pageOf = async (apiRoot: string, path: string) => {
  const res = await fetch(`${apiRoot.replace(/\/api\/v1$/, '')}${path}`);
  return { status: res.status, html: await res.text() };
};

describe('play-offs of a full consolation bracket on the public page (R27.9, R28.5)', () => {
  it('reads the place a single-place play-off decides from the next links, as the stage places it (N = 2..70, every seed ordering)', () => {
    for (const seedOrdering of BRACKET_SEED_ORDERINGS) {
      for (let n = 2; n <= 70; n++) {
        const stage = FORMATS.SINGLE_ELIMINATION.generate(
          Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 })),
          { consolation: 'FULL', seedOrdering },
        );
        const linked = linkedOf(stage.matches);
        // Expected: the place of the winner of each play-off whose winner and loser both leave the stage.
        const expected = new Map<string, number>();
        for (const m of stage.matches) {
          if (m.bracket !== 'CONSOLATION' || m.next.winner !== null || m.next.loser !== null) continue;
          const places = (stage.consolationPlaces ?? []).filter((p) => p.key === m.key);
          expected.set(m.key, places.find((p) => p.side === 'winner')!.place);
          expect(places.find((p) => p.side === 'loser')?.place).toBe(expected.get(m.key)! + 1);
        }
        const got = playOffPlaces(linked);
        if (JSON.stringify([...got].sort()) !== JSON.stringify([...expected].sort())) {
          throw new Error(`N = ${n}, ${seedOrdering}: got ${JSON.stringify([...got])}, expected ${JSON.stringify([...expected])}`);
        }
      }
    }
    // Without play-offs (a third-place match instead) nothing is labelled.
    const third = FORMATS.SINGLE_ELIMINATION.generate(Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 })), { consolation: 'THIRD_PLACE' });
    expect(playOffPlaces(linkedOf(third.matches))).toEqual(new Map());
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
    expect(playOffLabel(5)).toBe('Match for 5th place');
  });

  it('shows every play-off of an 8-player single elimination under Play-offs, labelled Match for 3rd, 5th and 7th place', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, [{ name: 'Cup', format: 'SINGLE_ELIMINATION', settings: { consolation: 'FULL' } }]);
    await playEverything(server, id, byParticipant);
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    const rounds: any[] = bracket.stages[0].rounds;
    const playOffs = rounds.filter((r) => r.bracket === 'CONSOLATION').flatMap((r) => r.matches);
    expect(playOffs).toHaveLength(5);
    // (bracket, round, number) names one match: round 3 holds the matches for 3rd, 5th and 7th place as 1, 2, 3.
    expect(playOffs.map((m) => `${m.round}#${m.number}`)).toEqual(['2#1', '2#2', '3#1', '3#2', '3#3']);
    const page = await pageOf(server.url, `/t/${id}`);
    expect(page.status).toBe(200);
    const shown = new Set([...page.html.matchAll(/data-match="([^"]+)"/g)].map((m) => m[1]));
    expect(shown).toEqual(new Set(rounds.flatMap((r) => r.matches.map((m: any) => m.id))));
    expect(page.html).toContain('<h3>Play-offs</h3>');
    expect(page.html).toContain('<h4>Play-offs round 3</h4>');
    const placeOf = new Map((bracket.placements as any[]).map((p) => [p.participantId, p.placement]));
    const labelOf = (match: any) => new RegExp(`data-match="${match.id}"[^>]*><span class="meta label">([^<]*)</span>`).exec(page.html)?.[1] ?? null;
    expect(playOffs.map((m) => [labelOf(m), m.round === 3 ? placeOf.get(m.winnerId) : null])).toEqual([
      [null, null],
      [null, null],
      ['Match for 3rd place', 3],
      ['Match for 5th place', 5],
      ['Match for 7th place', 7],
    ]);
    // The play-offs come after the winners tree, each with its winner in bold.
    for (const m of playOffs) expect(new RegExp(`data-match="${m.id}"[^>]*>(?:(?!</a>).)*<span class="s w">`).test(page.html)).toBe(true);
    expect(page.html.indexOf('<h3>Play-offs</h3>')).toBeGreaterThan(page.html.indexOf(`data-match="${rounds.find((r) => r.bracket === 'WINNERS').matches[0].id}"`));
  });
});
