import { generateSwissRound } from '../packages/core/src/swiss/swiss-round';
import type { StageMatchResult } from '../packages/core/src/standings/types';
for (const n of [1024, 4096]) {
  const entrants = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
  const results: StageMatchResult[] = [];
  let rnd = 1;
  const rand = () => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd / 2147483648; };
  for (let r = 1; r <= 12; r++) {
    const t = performance.now();
    const round = generateSwissRound(entrants, results, { swissRounds: 12 });
    const ms = performance.now() - t;
    if (!round) break;
    console.log(n, 'round', r, ms.toFixed(1), 'ms', round.method, 'rematches', round.rematches);
    for (const m of round.matches) {
      const w = rand() < 0.5 ? 0 : 1;
      results.push({ key: m.key, participants: m.participants, winnerId: m.participants[w], scores: w === 0 ? [1, 0] : [0, 1] });
    }
    if (round.bye) results.push({ key: round.bye.key, participants: [round.bye.participantId, null], winnerId: round.bye.participantId });
  }
}
