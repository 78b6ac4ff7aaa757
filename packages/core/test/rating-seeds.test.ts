import { describe, expect, it } from 'vitest';
import { isDomainError, seedingSetting, seedsByRating, type RatedCandidate } from '../src/index';

describe('seeding by rating (R27.10)', () => {
  const at = (minute: number): string => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

  it('seeds by rating descending, equal ratings by registration order, unrated last in registration order', () => {
    const candidates: RatedCandidate[] = [
      { id: 'u1', rating: null, registeredAt: at(0) },
      { id: 'low', rating: 1400, registeredAt: at(1) },
      { id: 'tieLate', rating: 2000, registeredAt: at(5) },
      { id: 'top', rating: 2500, registeredAt: at(9) },
      { id: 'tieEarly', rating: 2000, registeredAt: at(2) },
      { id: 'u2', rating: null, registeredAt: at(3) },
      { id: 'zero', rating: 0, registeredAt: at(4) },
    ];
    const copy = structuredClone(candidates);
    expect(seedsByRating(candidates)).toEqual([
      { id: 'top', seed: 1 },
      { id: 'tieEarly', seed: 2 },
      { id: 'tieLate', seed: 3 },
      { id: 'low', seed: 4 },
      { id: 'zero', seed: 5 },
      { id: 'u1', seed: 6 },
      { id: 'u2', seed: 7 },
    ]);
    expect(candidates).toEqual(copy);
  });

  it('property: seeds are 1..N and ratings never increase along them (random ratings, N = 1..60)', () => {
    let state = 7;
    const random = (): number => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 1; n <= 60; n++) {
      const candidates = Array.from({ length: n }, (_, i) => ({
        id: `p${String(i).padStart(2, '0')}`,
        rating: random() < 0.2 ? null : Math.floor(random() * 10),
        registeredAt: at(Math.floor(random() * 60)),
      }));
      const seeded = seedsByRating(candidates);
      expect(seeded.map((e) => e.seed)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const byId = new Map(candidates.map((c) => [c.id, c]));
      for (let i = 1; i < n; i++) {
        const a = byId.get(seeded[i - 1]!.id)!;
        const b = byId.get(seeded[i]!.id)!;
        if (a.rating === null) expect(b.rating).toBeNull();
        else if (b.rating !== null) {
          expect(a.rating).toBeGreaterThanOrEqual(b.rating);
          if (a.rating === b.rating) expect(a.registeredAt <= b.registeredAt).toBe(true);
        }
      }
    }
  });

  it('reads the seeding setting: MANUAL by default, RATING, and refuses another value naming the field', () => {
    expect(seedingSetting({})).toBe('MANUAL');
    expect(seedingSetting({ seeding: 'RATING' })).toBe('RATING');
    try {
      seedingSetting({ seeding: 'ELO' });
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'VALIDATION_ERROR')).toBe(true);
      expect((error as { details: { path: string }[] }).details[0]?.path).toBe('settings.seeding');
    }
    expect(() => seedsByRating([{ id: 'a', rating: Number.NaN, registeredAt: at(0) }])).toThrow(/finite/);
  });
});
