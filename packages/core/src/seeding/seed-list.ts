/** One seed given to one participant (a bulk seeding request, R24.6). */
export interface SeedAssignment {
  participantId: string;
  seed: number;
}

/**
 * What is wrong with a bulk seeding: `index` is the position of the faulty entry in the request (null when the
 * issue is about the whole list, e.g. a participant left out), `field` the entry's field at fault.
 */
export interface SeedListIssue {
  index: number | null;
  field: 'participantId' | 'seed';
  message: string;
}

/**
 * Checks a bulk seeding (R24.6) against the participants that must be seeded (`holders`, ids: those who can still enter): every holder exactly
 * once, no other id, and the seeds exactly 1..N (N = holders.length). Returns the issues in request order (empty when
 * valid); pure. Unknown ids, repeated ids, seeds outside 1..N and repeated seeds name their entry; holders left out
 * are one issue with `index` null naming them.
 */
export function seedListIssues(holders: readonly string[], assignments: readonly SeedAssignment[]): SeedListIssue[] {
  const issues: SeedListIssue[] = [];
  const known = new Set(holders);
  const n = holders.length;
  const idAt = new Map<string, number>();
  const seedAt = new Map<number, number>();
  assignments.forEach(({ participantId, seed }, index) => {
    if (!known.has(participantId)) {
      issues.push({ index, field: 'participantId', message: `${participantId} is not a participant of this tournament who can be seeded (REGISTERED or CHECKED_IN)` });
    } else if (idAt.has(participantId)) {
      issues.push({ index, field: 'participantId', message: `${participantId} is listed twice (first at index ${idAt.get(participantId)})` });
    } else {
      idAt.set(participantId, index);
    }
    if (!Number.isInteger(seed) || seed < 1 || seed > n) {
      issues.push({ index, field: 'seed', message: `seed ${seed} is outside 1..${n} (${n} participants to seed)` });
    } else if (seedAt.has(seed)) {
      issues.push({ index, field: 'seed', message: `seed ${seed} is given twice (first at index ${seedAt.get(seed)})` });
    } else {
      seedAt.set(seed, index);
    }
  });
  const missing = holders.filter((id) => !idAt.has(id));
  if (missing.length > 0) {
    issues.push({ index: null, field: 'participantId', message: `every REGISTERED or CHECKED_IN participant must be seeded; missing: ${missing.join(', ')}` });
  }
  return issues;
}

/** Seed assignments from ids in seed order: the first is seed 1 (R24.6). */
export function seedsInOrder(participantIds: readonly string[]): SeedAssignment[] {
  return participantIds.map((participantId, i) => ({ participantId, seed: i + 1 }));
}

/**
 * A uniformly random permutation of `items` (Fisher-Yates) drawn with `random`, a function returning numbers in
 * [0, 1) (Math.random by default; inject a seeded one for reproducible draws). The input is not changed (R24.7).
 */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
