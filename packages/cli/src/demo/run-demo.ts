import type { TourneyClient } from '@tourney/sdk';
import type { Match } from '../api-types';
import { renderBracket } from '../bracket/render-bracket';
import { collect } from '../commands/shared';
import type { ClientFactory, Clock, TextSink } from '../deps';
import { CliError } from '../errors';
import { DEMO_PLAYER_NAMES } from './player-names';
import { mulberry32 } from './prng';
import { playSeries } from './simulate';

/** Inputs of {@link runDemoTournament}. */
export interface DemoOptions {
  /** API root of a running server (with /api/v1). */
  baseUrl: string;
  clientFactory: ClientFactory;
  clock: Clock;
  /** Number of players, 2..64. */
  players: number;
  /** PRNG seed for the match results. */
  seed: number;
  /** Where progress, the bracket and the placements are written. */
  out: TextSink;
  /** Width for the bracket drawing. */
  width: number;
}

/** Outcome of a demo run. */
export interface DemoResult {
  tournamentId: string;
  champion: string | null;
  matchesPlayed: number;
}

interface Player {
  name: string;
  client: TourneyClient;
  participantId?: string;
  seed?: number;
}

const PASSWORD = 'demo-password-1';
const HOUR_MS = 3_600_000;

/**
 * Runs a complete single-elimination tournament through the API over HTTP (registration, start, report and confirm): registers an organizer and
 * `players` players, creates an organization, a project and a tournament (third-place match from 4 players), publishes
 * it, opens registration, lets every player register with their own token, starts it, then plays it round by round:
 * for each ready match one side (picked by the PRNG) reports a best-of-3 result drawn by the PRNG and the other side
 * confirms. Finally prints the bracket, the placements and the champion.
 * @throws TourneyError when the API refuses a step; CliError DEMO_INCOMPLETE when the tournament does not complete.
 */
export async function runDemoTournament(options: DemoOptions): Promise<DemoResult> {
  const { baseUrl, clientFactory, out } = options;
  const random = mulberry32(options.seed);
  const anonymous = clientFactory({ baseUrl });
  const register = async (displayName: string): Promise<TourneyClient> => {
    const username = displayName.toLowerCase();
    const { data } = await anonymous.POST('/auth/register', {
      body: { username, email: `${username}@example.com`, password: PASSWORD, displayName },
    });
    return clientFactory({ baseUrl, accessToken: data.accessToken });
  };

  out.write(`registering an organizer and ${options.players} players\n`);
  const organizer = await register('Organizer');
  const players: Player[] = [];
  for (let i = 0; i < options.players; i++) {
    const name = DEMO_PLAYER_NAMES[i] ?? `Player${i + 1}`;
    players.push({ name, client: await register(name) });
  }

  const { data: organization } = await organizer.POST('/organizations', { body: { name: 'Demo League' } });
  const { data: project } = await organizer.POST('/organizations/{id}/projects', {
    params: { path: { id: organization.id } },
    body: { name: 'Demo', plan: 'FREE' },
  });
  const startDate = new Date(Math.ceil((options.clock.now().getTime() + HOUR_MS) / HOUR_MS) * HOUR_MS).toISOString();
  const { data: created } = await organizer.POST('/tournaments', {
    body: {
      projectId: project.id,
      name: `Demo Cup (${options.players} players)`,
      disciplineId: 'demo',
      maxParticipants: options.players,
      teamSize: 1,
      startDate,
      stages: [
        {
          name: 'Main',
          format: 'SINGLE_ELIMINATION',
          ...(options.players >= 4 ? { settings: { thirdPlaceMatch: true } } : {}),
        },
      ],
    },
  });
  const id = created.id;
  const path = { params: { path: { id } } };
  out.write(`created tournament "${created.name}" (${id})\n`);
  await organizer.POST('/tournaments/{id}/publish', path);
  await organizer.POST('/tournaments/{id}/registration/open', path);
  const byParticipant = new Map<string, Player>();
  for (const player of players) {
    const { data: participant } = await player.client.POST('/tournaments/{id}/participate', { ...path, body: {} });
    player.participantId = participant.id;
    byParticipant.set(participant.id, player);
  }
  out.write(`${players.length} players registered; starting\n`);
  const { data: started } = await organizer.POST('/tournaments/{id}/start', path);
  if (started.status !== 'ONGOING') throw new CliError('DEMO_INCOMPLETE', `tournament did not start (${started.status})`);

  let matchesPlayed = 0;
  for (let wave = 1; ; wave++) {
    const schedule = await collect(organizer.paginate('/tournaments/{id}/schedule', path));
    const ready = schedule.filter(isPlayable);
    if (ready.length === 0) break;
    if (wave > 4 * options.players) throw new CliError('DEMO_INCOMPLETE', 'the tournament does not progress');
    for (const match of ready) {
      await playMatch(match, byParticipant, random, options.players);
      matchesPlayed++;
    }
    const labels = [...new Set(ready.filter((m) => m.bracket !== 'THIRD_PLACE').map((m) => `round ${m.round}`))];
    if (ready.some((m) => m.bracket === 'THIRD_PLACE')) labels.push('third place match');
    out.write(`${labels.join(' and ')}: ${ready.length} match${ready.length === 1 ? '' : 'es'} reported and confirmed\n`);
  }

  const { data: finished } = await organizer.GET('/tournaments/{id}', path);
  if (finished.status !== 'COMPLETED') {
    throw new CliError('DEMO_INCOMPLETE', `tournament is ${finished.status} after ${matchesPlayed} matches, expected COMPLETED`);
  }
  const { data: bracket } = await organizer.GET('/tournaments/{id}/bracket', path);
  out.write('\n');
  out.write(renderBracket(bracket, { width: options.width }));
  const first = bracket.placements.find((p) => p.placement === 1);
  return { tournamentId: id, champion: first?.name ?? null, matchesPlayed };
}

function isPlayable(match: Match): boolean {
  return (
    (match.status === 'SCHEDULED' || match.status === 'IN_PROGRESS') &&
    match.participants.length === 2 &&
    match.participants.every((side) => side.participantId !== null)
  );
}

async function playMatch(
  match: Match,
  byParticipant: ReadonlyMap<string, Player>,
  random: () => number,
  field: number,
): Promise<void> {
  const [a, b] = match.participants as [Match['participants'][number], Match['participants'][number]];
  const scores = playSeries(random, a.seed ?? field, b.seed ?? field, field);
  const reporterSide = random() < 0.5 ? 0 : 1;
  const reporter = byParticipant.get(match.participants[reporterSide]?.participantId ?? '');
  const confirmer = byParticipant.get(match.participants[1 - reporterSide]?.participantId ?? '');
  if (!reporter || !confirmer) throw new CliError('DEMO_INCOMPLETE', `match ${match.id} has an unknown participant`);
  const params = { params: { path: { id: match.id } } };
  await reporter.client.POST('/matches/{id}/report', {
    ...params,
    body: {
      scores: [
        { participantId: a.participantId as string, score: scores[0] },
        { participantId: b.participantId as string, score: scores[1] },
      ],
      winnerId: (scores[0] > scores[1] ? a.participantId : b.participantId) as string,
    },
  });
  await confirmer.client.POST('/matches/{id}/confirm', params);
}
