import type { StageMatchResult, SwissRound } from '../../src/index';

/** Results of a round: random winners (seed-weighted when `favourites`), draws at `drawRate`, the bye reported back. */
export function playRound(round: SwissRound, random: () => number, drawRate = 0): StageMatchResult[] {
  const out: StageMatchResult[] = round.matches.map((m) => {
    const [a, b] = m.participants as [string, string];
    if (random() < drawRate) return { key: m.key, participants: [a, b], winnerId: null, isDraw: true, scores: [1, 1] };
    const first = random() < 0.5;
    return { key: m.key, participants: [a, b], winnerId: first ? a : b, scores: first ? [2, 0] : [0, 2] };
  });
  if (round.bye) out.push({ key: round.bye.key, participants: [round.bye.participantId, null], winnerId: round.bye.participantId });
  return out;
}

/** Who has met whom (`a|b` both ways) and who has had a bye, in `results`. */
export function pairingHistory(results: readonly StageMatchResult[]): { met: Set<string>; hadBye: Set<string> } {
  const met = new Set<string>();
  const hadBye = new Set<string>();
  for (const r of results) {
    const [a, b] = r.participants;
    if (a !== null && b !== null) met.add(`${a}|${b}`).add(`${b}|${a}`);
    else hadBye.add((a ?? b) as string);
  }
  return { met, hadBye };
}
