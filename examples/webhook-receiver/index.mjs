// A Tourney webhook receiver with node:http and @tourney/sdk's verifyWebhook (Standard Webhooks signatures).
//
//   tourney webhook create --url http://127.0.0.1:4000/webhooks --event "*"     # prints the whsec_... secret once
//   TOURNEY_WEBHOOK_SECRET=whsec_... node examples/webhook-receiver              # PORT (default 4000), HOST
//   tourney webhook test <webhookId>
//
// What a receiver must do: verify the signature over the RAW body before parsing it (a re-serialized body does not
// match), reject stale timestamps (replays; verifyWebhook allows 5 minutes), answer 2xx quickly and do the work
// afterwards, and deduplicate on webhook-id: delivery is at least once, a retry or a redelivery repeats the id.
// During a secret rotation, put both secrets in TOURNEY_WEBHOOK_SECRET, separated by a space or a comma.
// A local receiver needs a server started with TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS=1 (loopback URLs are refused otherwise).
import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@tourney/sdk';

const secrets = (process.env.TOURNEY_WEBHOOK_SECRET ?? '').split(/[\s,]+/).filter(Boolean);
if (secrets.length === 0) {
  console.error('set TOURNEY_WEBHOOK_SECRET to the whsec_... secret printed by `tourney webhook create`');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? '127.0.0.1';
const path = '/webhooks';
const MAX_BODY_BYTES = 1024 * 1024;

/** webhook-ids already handled, oldest first (bounded: enough to absorb retries and redeliveries). */
const seen = new Set();
function firstTime(id) {
  if (seen.has(id)) return false;
  seen.add(id);
  if (seen.size > 10_000) seen.delete(seen.values().next().value);
  return true;
}

/** The work an event triggers; here a line on stdout per event. */
function handle(event) {
  const d = event.data;
  switch (event.type) {
    case 'match.completed':
      console.log(`${event.type} match ${d.matchId} won by ${d.winnerId ?? 'nobody'} (${d.resultType ?? d.status})`);
      break;
    case 'tournament.completed':
      console.log(`${event.type} tournament ${d.tournamentId}, champion ${d.championId}`);
      break;
    case 'webhook.test':
      console.log(`${event.type} ${d.message}`);
      break;
    default:
      console.log(`${event.type} ${JSON.stringify(d)}`);
  }
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== path) {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', async () => {
    const rawBody = Buffer.concat(chunks); // the exact bytes that were signed
    let event;
    try {
      event = await verifyWebhook(rawBody, req.headers, secrets);
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        console.error(`rejected (${error.code}): ${error.message}`);
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`${error.code}\n`);
      } else {
        console.error('verification failed:', error);
        res.writeHead(500).end(); // Tourney retries later
      }
      return;
    }
    res.writeHead(204).end(); // acknowledge first, work afterwards
    if (firstTime(event.id)) handle(event);
    else console.log(`duplicate ${event.type} ${event.id} ignored`);
  });
});

server.listen(port, host, () => console.log(`listening on http://${host}:${server.address().port}${path}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
