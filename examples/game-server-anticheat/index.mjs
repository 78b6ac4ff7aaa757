// A game server's anti-cheat integration with @tourney/sdk. After a one-time setup (an organizer creates a PRO project
// and an API key holding only the three anti-cheat scopes; the players' anti-cheat clients are enrolled), the game
// server starts a monitoring session for a match, its agent raises a detection, it uploads a screenshot as evidence
// (SHA-256, presign, PUT), reads the detections of the match and ends the session.
//
//   tourney server start            # or: npm start   (in another terminal)
//   node examples/game-server-anticheat   # TOURNEY_BASE_URL overrides http://127.0.0.1:3000/api/v1
import { createTourneyClient, isTourneyError, uploadEvidence } from '@tourney/sdk';
import { baseUrl, run, signUp } from '../shared/accounts.mjs';
import { crosshairPng } from './screenshot.mjs';

/** One-time setup by the organizer: a PRO project and an API key with only the anti-cheat scopes. */
async function setUpProject() {
  const organizer = await signUp('organizer');
  const { data: org } = await organizer.client.POST('/organizations', { body: { name: `Anti-cheat Example ${run}` } });
  const { data: project } = await organizer.client.POST('/organizations/{id}/projects', {
    params: { path: { id: org.id } },
    body: { name: 'Ranked servers', plan: 'PRO' },
  });
  const { data: key } = await organizer.client.POST('/developer/api-keys', {
    body: {
      name: 'game-server',
      scopes: ['anticheat:session.write', 'anticheat:detections.read', 'anticheat:evidence.write'],
      projectId: project.id,
    },
  });
  console.log(`project ${project.id} (${project.plan}), game-server key ${key.prefix}...${key.lastFour}`);
  return key.key;
}

async function main() {
  const apiKey = await setUpProject();
  // From here on the game server acts with its API key only.
  const server = createTourneyClient({ baseUrl, apiKey, userAgent: 'example-game-server/1.0' });

  const players = [(await signUp('alice')).user, (await signUp('bob')).user];
  for (const player of players) {
    await server.POST('/anti-cheat/clients', { body: { userId: player.id, label: `${player.username}-rig` } });
  }

  const matchId = `ranked-${run}`;
  const { data: session } = await server.POST('/anti-cheat/sessions', {
    body: { game: 'cs2', matchId, participants: players.map((p) => ({ userId: p.id })) },
  });
  console.log(`session ${session.sessionId}: ${session.coveredParticipants} of ${session.requestedParticipants} players covered`);

  // The session's anti-cheat agent flags bob.
  const { data: detection } = await server.POST('/anti-cheat/sessions/{sessionId}/detections', {
    params: { path: { sessionId: session.sessionId } },
    body: { userId: players[1].id, rule: 'aim.snap_angle', severity: 'HIGH', aiVerdict: { label: 'likely_aimbot', confidence: 0.93 } },
  });
  console.log(`detection ${detection.id}: ${detection.rule} (${detection.severity}) for ${players[1].username}`);

  const screenshot = crosshairPng();
  const upload = await uploadEvidence(server, {
    sessionId: session.sessionId,
    kind: 'screenshot',
    contentType: 'image/png',
    bytes: screenshot,
    detectionId: detection.id,
  });
  console.log(`evidence ${upload.key}: ${upload.sizeBytes} bytes, sha256 ${upload.sha256}`);

  const { data: detections } = await server.GET('/anti-cheat/detections', {
    params: { query: { sessionId: session.sessionId, unreviewedOnly: true } },
  });
  for (const d of detections) {
    console.log(`  ${d.createdAt}  ${d.severity.padEnd(8)} ${d.rule}  evidence: ${d.evidenceCount}  reviewed: ${d.reviewed}`);
  }
  const flagged = detections.find((d) => d.id === detection.id);
  if (!flagged || flagged.evidenceCount !== 1) throw new Error('expected the detection to list its uploaded screenshot');

  const { data: ended } = await server.POST('/anti-cheat/sessions/{sessionId}/end', {
    params: { path: { sessionId: session.sessionId } },
    body: { reason: 'match finished' },
  });
  const { data: summary } = await server.GET('/anti-cheat/sessions/{sessionId}', { params: { path: { sessionId: session.sessionId } } });
  console.log(`session ended: ${ended.ended}; status ${summary.status}, ${summary.detectionCount} detection(s), ${summary.evidenceCount} evidence file(s)`);
  if (summary.status !== 'ENDED') throw new Error(`expected the session to be ENDED, got ${summary.status}`);
}

main().catch((error) => {
  if (isTourneyError(error)) console.error(`error: ${error.message} (${error.code}, request ${error.requestId})`);
  else console.error(error);
  process.exitCode = 1;
});
