import { LRUCache } from 'lru-cache';
import type { Bracket } from '../../contract-types';
import { markShared } from '../shared-answer';

/** A bracket as built at one position of its tournament's live stream. */
interface CachedBracket {
  /** The tournament's live stream number (`tournament_live_seq.seq`, 0 before its first event) read before the build. */
  seq: number;
  bracket: Bracket;
}

/** Rows a bracket holds for the cache's size bound: its matches and standings lines, plus one for the rest. */
function rowsOf(bracket: Bracket): number {
  let rows = 1;
  for (const stage of bracket.stages) {
    rows += stage.standings.length;
    for (const round of stage.rounds) rows += round.matches.length;
  }
  return rows;
}

/** Freezes `value` and everything it holds, so a shared answer cannot be changed by one of its readers. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The brackets this process has built, by tournament id, each with the live stream number of its tournament read
 * before it was built (R18.17). Every change of a started tournament's matches, participants, stages or status records
 * an event of its live stream in the change's own transaction (R28.2), which advances the number; so a bracket built
 * after reading number N holds every change up to N, and serves every later read that finds the number still at N,
 * in any process. Bounded by `maxRows` matches and standings lines over all brackets (least recently read evicted);
 * a bracket larger than the bound is not kept. Cached brackets are deeply frozen and marked shared (shared-answer.ts),
 * so the HTTP layer may encode one once for all its readers.
 */
export class BracketCache {
  readonly #entries: LRUCache<string, CachedBracket> | null;

  /** `maxRows`: the bound above; 0 keeps nothing. */
  constructor(maxRows: number) {
    this.#entries = maxRows > 0 ? new LRUCache<string, CachedBracket>({ maxSize: maxRows, sizeCalculation: (entry) => rowsOf(entry.bracket) }) : null;
  }

  /** The bracket of `tournamentId` built at live stream number `seq`, if this process has it. */
  get(tournamentId: string, seq: number): Bracket | undefined {
    const entry = this.#entries?.get(tournamentId);
    return entry !== undefined && entry.seq === seq ? entry.bracket : undefined;
  }

  /**
   * Keeps `bracket`, built after reading live stream number `seq` of `tournamentId`, unless a bracket of a later
   * number is kept already (a slower read finishing last). Returns the bracket as kept: frozen and shared.
   */
  keep(tournamentId: string, seq: number, bracket: Bracket): Bracket {
    if (this.#entries === null) return bracket;
    const kept = this.#entries.get(tournamentId, { updateAgeOnGet: false });
    if (kept !== undefined && kept.seq > seq) return bracket;
    const shared = markShared(deepFreeze(bracket));
    if (rowsOf(shared) <= this.#entries.maxSize) this.#entries.set(tournamentId, { seq, bracket: shared });
    return shared;
  }
}
