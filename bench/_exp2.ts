import { generateSwissRound } from '../packages/core/src/swiss/swiss-round';
import { pairSwissRound } from '../packages/core/src/swiss/swiss-pairing';
import type { StageMatchResult } from '../packages/core/src/standings/types';
for (const n of [1024, 4096]) {
  const entrants = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
  const results: StageMatchResult[] = [];
  let rnd = 1;
  const rand = () => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd / 2147483648; };
  for (let r = 1; r <= 5; r++) {
    const round = generateSwissRound(entrants, results, { swissRounds: 12 })!;
    for (const m of round.matches) {
      const w = rand() < 0.5 ? 0 : 1;
      results.push({ key: m.key, participants: m.participants, winnerId: m.participants[w], scores: w === 0 ? [1, 0] : [0, 1] });
    }
    if (round.bye) results.push({ key: round.bye.key, participants: [round.bye.participantId, null], winnerId: round.bye.participantId });
  }
  const full: number[] = [];
  for (let i = 0; i < 15; i++) { const t = performance.now(); generateSwissRound(entrants, results, { swissRounds: 12 }); full.push(performance.now() - t); }
  // pairing alone: players at 0 points
  const players = entrants.map((e) => ({ id: e.id, points: 0, opponents: new Set<string>(), hadBye: false }));
  const pair: number[] = [];
  for (let i = 0; i < 15; i++) { const t = performance.now(); pairSwissRound(players); pair.push(performance.now() - t); }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!.toFixed(1);
  console.log(n, 'round 6 full median', med(full), 'round-1 pairing only median', med(pair));
}
