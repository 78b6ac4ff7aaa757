import { describe, expect, it } from 'vitest';
import { accumulateStandings, competitorKey, rankStandings, summarizePoints, type StandingContribution, type UnrankedStanding } from '../src/index';

const solo = (user: string, points: number, wins: number, placement: number, name = user): StandingContribution => ({
  competitorKey: competitorKey({ userId: user, teamName: null, participantId: `p-${user}` }),
  userId: user,
  teamName: null,
  name,
  points,
  wins,
  placement,
});

const line = (name: string, points: number, wins: number, bestPlacement: number): UnrankedStanding => ({
  competitorKey: `user:${name}`,
  userId: name,
  teamName: null,
  name,
  points,
  wins,
  tournamentsPlayed: 1,
  bestPlacement,
});

describe('competitorKey', () => {
  it('identifies teams by name (trimmed, any case), solo players by user, else by participant', () => {
    expect(competitorKey({ teamName: ' Night Owls ', userId: 'u1', participantId: 'p1' })).toBe('team:night owls');
    expect(competitorKey({ teamName: 'night owls', userId: 'u2', participantId: 'p2' })).toBe('team:night owls');
    // An accented letter typed as one character or as a letter and a combining mark is one name.
    expect(competitorKey({ teamName: 'Zoe\u0301 Club', userId: null, participantId: 'p3' })).toBe(competitorKey({ teamName: 'zo\u00e9 club', userId: null, participantId: 'p4' }));
    expect(competitorKey({ teamName: null, userId: 'u1', participantId: 'p1' })).toBe('user:u1');
    expect(competitorKey({ teamName: null, userId: null, participantId: 'p9' })).toBe('participant:p9');
  });

  it('identifies a guest (no account) by name in any case, never as a player with an account of that name', () => {
    expect(competitorKey({ teamName: null, userId: null, name: ' Guest Ann ', participantId: 'p1' })).toBe('name:guest ann');
    expect(competitorKey({ teamName: null, userId: null, name: 'guest ANN', participantId: 'p2' })).toBe('name:guest ann');
    expect(competitorKey({ teamName: null, userId: 'u1', name: 'Guest Ann', participantId: 'p3' })).toBe('user:u1');
  });
});

describe('accumulateStandings', () => {
  it('sums points and wins, counts tournaments and keeps the best placement per competitor', () => {
    const standings = accumulateStandings([
      solo('ann', 100, 3, 1),
      solo('bob', 70, 2, 2),
      solo('ann', 40, 1, 3),
      solo('bob', 67.5, 2, 2),
      solo('cid', 40, 1, 3),
    ]);
    expect(standings).toEqual([
      { competitorKey: 'user:ann', userId: 'ann', teamName: null, name: 'ann', points: 140, wins: 4, tournamentsPlayed: 2, bestPlacement: 1, rank: 1 },
      { competitorKey: 'user:bob', userId: 'bob', teamName: null, name: 'bob', points: 137.5, wins: 4, tournamentsPlayed: 2, bestPlacement: 2, rank: 2 },
      { competitorKey: 'user:cid', userId: 'cid', teamName: null, name: 'cid', points: 40, wins: 1, tournamentsPlayed: 1, bestPlacement: 3, rank: 3 },
    ]);
  });

  it('adds fractional points exactly (hundredths)', () => {
    const standings = accumulateStandings([solo('ann', 0.1, 0, 5), solo('ann', 0.2, 0, 5), solo('ann', 10.05, 0, 4)]);
    expect(standings[0]?.points).toBe(10.35);
  });

  it('shows the latest name of a competitor', () => {
    const standings = accumulateStandings([solo('ann', 1, 0, 2, 'Ann'), solo('ann', 1, 0, 2, 'Annie')]);
    expect(standings[0]?.name).toBe('Annie');
  });

  it('keeps competitors with zero points (they played)', () => {
    const standings = accumulateStandings([solo('ann', 10, 1, 1), solo('zed', 0, 0, 9)]);
    expect(standings.map((s) => [s.name, s.points, s.rank])).toEqual([['ann', 10, 1], ['zed', 0, 2]]);
  });

  it('refuses negative points or a placement below 1', () => {
    expect(() => accumulateStandings([solo('ann', -1, 0, 1)])).toThrow(RangeError);
    expect(() => accumulateStandings([solo('ann', 1, 0, 0)])).toThrow(RangeError);
  });
});

describe('rankStandings: ties broken by points, then wins, then best placement', () => {
  it('puts more points first', () => {
    expect(rankStandings([line('a', 10, 9, 1), line('b', 20, 0, 9)]).map((s) => [s.name, s.rank])).toEqual([['b', 1], ['a', 2]]);
  });

  it('breaks equal points by wins', () => {
    expect(rankStandings([line('a', 50, 2, 1), line('b', 50, 5, 3)]).map((s) => [s.name, s.rank])).toEqual([['b', 1], ['a', 2]]);
  });

  it('breaks equal points and wins by best placement', () => {
    expect(rankStandings([line('a', 50, 3, 4), line('b', 50, 3, 2)]).map((s) => [s.name, s.rank])).toEqual([['b', 1], ['a', 2]]);
  });

  it('shares a rank when all three are equal (1, 2, 2, 4), listing equals by name', () => {
    const ranked = rankStandings([line('d', 10, 0, 5), line('c', 50, 3, 2), line('b', 50, 3, 2), line('a', 90, 5, 1)]);
    expect(ranked.map((s) => [s.name, s.rank])).toEqual([['a', 1], ['b', 2], ['c', 2], ['d', 4]]);
  });

  it('compares points to the hundredth, not by floating-point noise', () => {
    const ranked = rankStandings([line('a', 0.1 + 0.2, 1, 1), line('b', 0.3, 1, 1)]);
    expect(ranked.map((s) => s.rank)).toEqual([1, 1]);
  });
});

describe('summarizePoints', () => {
  it('gives min, quartiles, median, max and mean', () => {
    expect(summarizePoints([40, 10, 30, 20])).toEqual({ count: 4, min: 10, p25: 17.5, median: 25, p75: 32.5, max: 40, mean: 25 });
    expect(summarizePoints([7])).toEqual({ count: 1, min: 7, p25: 7, median: 7, p75: 7, max: 7, mean: 7 });
  });

  it('is null without values', () => {
    expect(summarizePoints([])).toBeNull();
  });
});
