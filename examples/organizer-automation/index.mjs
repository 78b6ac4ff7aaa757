// Organizer automation with @tourney/sdk: sets up an organization, a project and a scoped API key, creates and
// starts a tournament with the key, lets every player report and confirm their matches with their own tokens,
// then prints the final placements.
//
//   tourney server start            # or: npm start   (in another terminal)
//   node examples/organizer-automation [players]   # TOURNEY_BASE_URL overrides http://127.0.0.1:3000/api/v1
import { createTourneyClient, isTourneyError } from '@tourney/sdk';
import { baseUrl, run, signUp } from '../shared/accounts.mjs';

const playerCount = Number(process.argv[2] ?? 6);

async function main() {
  const organizer = await signUp('organizer');
  const { data: org } = await organizer.client.POST('/organizations', { body: { name: `Example League ${run}` } });
  const { data: project } = await organizer.client.POST('/organizations/{id}/projects', {
    params: { path: { id: org.id } },
    body: { name: 'Weekly cups' },
  });
  const { data: key } = await organizer.client.POST('/developer/api-keys', {
    body: { name: 'automation', scopes: ['manage:tournaments'], projectId: project.id },
  });
  console.log(`project ${project.id}, API key ${key.prefix}...${key.lastFour} (shown once, stored hashed)`);

  // From here on the organizer's automation acts with the project's API key.
  const automation = createTourneyClient({ baseUrl, apiKey: key.key });
  const { data: tournament } = await automation.POST('/tournaments', {
    body: {
      name: `Example Cup ${run}`,
      disciplineId: 'cs2',
      maxParticipants: 16,
      startDate: new Date(Date.now() + 3600_000).toISOString(),
      stages: [{ name: 'Playoffs', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } }],
    },
  });
  const path = { params: { path: { id: tournament.id } } };
  await automation.POST('/tournaments/{id}/publish', path);
  await automation.POST('/tournaments/{id}/registration/open', path);

  const players = [];
  for (let i = 1; i <= playerCount; i++) {
    const player = await signUp(`player${i}`);
    const { data: participant } = await player.client.POST('/tournaments/{id}/participate', path);
    players.push({ ...player, participant });
  }
  await automation.POST('/tournaments/{id}/start', path);
  console.log(`${tournament.name}: started with ${players.length} players`);

  const byParticipant = new Map(players.map((p) => [p.participant.id, p]));
  // Play until no match is waiting: the lower seed (higher number) wins 2-1 in every match.
  for (;;) {
    const { data: schedule } = await automation.GET('/tournaments/{id}/schedule', {
      params: { path: { id: tournament.id }, query: { status: 'SCHEDULED', limit: 100 } },
    });
    const ready = schedule.filter((m) => m.participants.every((side) => side.participantId));
    if (ready.length === 0) break;
    for (const match of ready) {
      const [a, b] = match.participants;
      const winner = (a.seed ?? 0) > (b.seed ?? 0) ? a : b;
      const loser = winner === a ? b : a;
      await byParticipant.get(winner.participantId).client.POST('/matches/{id}/report', {
        params: { path: { id: match.id } },
        body: {
          winnerId: winner.participantId,
          scores: [
            { participantId: winner.participantId, score: 2 },
            { participantId: loser.participantId, score: 1 },
          ],
        },
      });
      await byParticipant.get(loser.participantId).client.POST('/matches/{id}/confirm', { params: { path: { id: match.id } } });
    }
  }

  const { data: done } = await automation.GET('/tournaments/{id}', path);
  const { data: bracket } = await automation.GET('/tournaments/{id}/bracket', path);
  console.log(`status: ${done.status}`);
  for (const p of bracket.placements) console.log(`${p.placementRange.padEnd(6)} ${p.name}`);
  if (done.status !== 'COMPLETED') throw new Error(`expected the tournament to be COMPLETED, got ${done.status}`);
}

main().catch((error) => {
  if (isTourneyError(error)) console.error(`error: ${error.message} (${error.code}, request ${error.requestId})`);
  else console.error(error);
  process.exitCode = 1;
});
