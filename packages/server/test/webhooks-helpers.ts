/**
 * Webhook test fixtures: a real HTTP receiver on 127.0.0.1 (node:http) that records every request with its raw body,
 * answers with a scripted status, and can go down and come back on the same port; plus subscription helpers.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openapiDocument } from '../src/http/openapi';
import { expectStatus, request, type TestServer, type TestTenant } from './helpers/index';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  body: string;
  /** The status the receiver answered. */
  status: number;
}

/** Decides the status of the n-th request (0-based); may also write headers (a redirect's Location). */
export type Responder = (received: Omit<ReceivedWebhook, 'status'>, index: number, res: ServerResponse) => number | 'hang';

/** A loopback webhook receiver. */
export interface TestReceiver {
  /** URL of `path` on this receiver (default `/hook`). */
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** Answers of later requests (default: 204 to everything). */
  respond: Responder;
  /** Stops listening: connections are refused until `up()`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Resolves once `count` requests arrived; rejects after `timeoutMs` (a bound, not a timing assumption). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** Resolves once `done(received)` holds, checked at each arrival; rejects with `what` after `timeoutMs`. */
  waitUntil(done: (received: ReceivedWebhook[]) => boolean, what: string, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (a free port). */
export async function startReceiver(respond: Responder = () => 204): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  let port = 0;
  let server: Server | undefined;
  const hanging = new Set<ServerResponse>();
  /** Checks of pending waitUntil calls, run at every arrival. */
  const waiters = new Set<() => void>();
  const record = (entry: ReceivedWebhook) => {
    received.push(entry);
    for (const check of [...waiters]) check();
  };
  const receiver: TestReceiver = {
    received,
    respond,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    async down() {
      const s = server;
      server = undefined;
      if (!s) return;
      for (const res of hanging) res.destroy();
      hanging.clear();
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
    async up() {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
          const status = receiver.respond(entry, received.length, res);
          if (status === 'hang') {
            hanging.add(res);
            record({ ...entry, status: 0 });
            return;
          }
          record({ ...entry, status });
          res.statusCode = status;
          res.end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
      port = (server.address() as AddressInfo).port;
    },
    waitFor: (count, timeoutMs = 10_000) => receiver.waitUntil((all) => all.length >= count, `${count} requests`, timeoutMs),
    waitUntil(done, what, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done(received)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver: no ${what} within ${timeoutMs} ms (got ${received.length} requests)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => receiver.down(),
  };
  await receiver.up();
  return receiver;
}

/** Creates a subscription with the tenant's API key; returns the API data (with `secret`). */
export async function subscribe(server: TestServer, tenant: TestTenant, url: string, events: string[] = ['*']): Promise<any> {
  const res = await request(server, 'POST', '/developer/webhooks', { apiKey: tenant.apiKey.key, body: { url, events } });
  expectStatus(res, 201, 'subscribe');
  return res.body.data;
}

/** Every delivery of a subscription (first page, up to 100). */
export async function deliveriesOf(server: TestServer, tenant: TestTenant, subscriptionId: string, query: Record<string, string> = {}): Promise<any[]> {
  const res = await request(server, 'GET', `/developer/webhooks/${subscriptionId}/deliveries`, {
    apiKey: tenant.apiKey.key,
    query: { limit: 100, ...query },
  });
  expectStatus(res, 200, 'deliveries');
  return res.body.data;
}

/**
 * Checks a delivered payload against the contract's WebhookEvent schema (openapi.yaml); returns the Ajv errors as
 * text, empty when valid.
 */
export function payloadErrors(body: string): string {
  validateEvent ??= compileWebhookEventSchema();
  return validateEvent(JSON.parse(body)) ? '' : JSON.stringify(validateEvent.errors?.slice(0, 5));
}

let validateEvent: ValidateFunction | undefined;

function compileWebhookEventSchema(): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(openapiDocument as object, 'contract.json');
  return ajv.compile({ $ref: 'contract.json#/components/schemas/WebhookEvent' });
}
