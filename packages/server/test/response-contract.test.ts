/**
 * The response contract guard (R2.14; src/http/response-contract.ts, response validators of src/http/validation.ts),
 * over real HTTP. With `validateResponses` on, an answer that does not match openapi.yaml (a required field missing,
 * a field of the wrong type, a status the operation does not document) is replaced by a 500 `INTERNAL_ERROR` error
 * envelope whose message names the first mismatch and whose `details` list every one, and is logged at error level;
 * nothing else of the broken answer reaches the client. An answer that matches passes unchanged. With validation off
 * (the default outside tests) the same broken answer is sent as it is. `getHealth` is overridden to answer what each
 * test sets.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ok, type OperationHandlers, type OperationReply } from '../src/index';
import { request, startTestServer, type TestServer } from './helpers/index';

/** What the overridden getHealth handler does next (each test sets it). */
let answer: () => OperationReply<'getHealth'>;
const handlers: OperationHandlers = { getHealth: async () => answer() };

/** A value that must never reach the client when it sits in a broken answer. */
const SECRET = 'db-password-hunter2';

/** A Health that matches the contract. */
const goodHealth = () => ({ status: 'ok', version: '9.9.9', uptimeSeconds: 42, time: '2030-01-02T03:04:05.000Z', checks: { database: 'ok' } });

/** A Health that breaks the contract: `time` (required) missing, `uptimeSeconds` a string instead of an integer. */
const brokenHealth = () => {
  const { time: _time, ...rest } = goodHealth();
  return { ...rest, uptimeSeconds: SECRET };
};

const replyWith = (data: unknown) => () => ok(data) as OperationReply<'getHealth'>;

/** Collects the JSON log lines of a pino logger at info level. */
function capturingLogger() {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

const mismatchLines = (lines: Record<string, any>[]) => lines.filter((l) => l.msg === 'response does not match openapi.yaml');

describe('response contract guard, validation on (R2.14)', () => {
  let server: TestServer;
  const log = capturingLogger();

  beforeAll(async () => {
    server = await startTestServer({ validateResponses: true, logger: log.logger, handlers });
  });
  afterAll(() => server?.close());

  it('passes an answer that matches the contract unchanged', async () => {
    answer = replyWith(goodHealth());
    const before = mismatchLines(log.lines).length;
    const res = await request(server, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: goodHealth() });
    expect(mismatchLines(log.lines)).toHaveLength(before);
  });

  it('replaces an answer missing a required field and with a field of the wrong type by 500 INTERNAL_ERROR naming both, and logs it', async () => {
    answer = replyWith(brokenHealth());
    const res = await request(server, 'GET', '/health', { headers: { 'x-request-id': 'contract-guard-1' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/json');
    const details = [
      { path: 'response.data.time', message: 'is required' },
      { path: 'response.data.uptimeSeconds', message: 'must be integer' },
    ];
    // Exactly the error envelope: no `data`, nothing of the broken answer beyond the paths and messages of its mismatches.
    expect(res.body).toEqual({
      success: false,
      error: {
        code: 'INTERNAL_ERROR',
        message: 'response of getHealth (status 200) does not match openapi.yaml: response.data.time is required',
        details,
        requestId: 'contract-guard-1',
      },
    });
    expect(res.text).not.toContain(SECRET);
    expect(res.text).not.toContain('9.9.9');
    expect(res.text).not.toMatch(/\.ts:\d+|\n\s+at /);
    expect(res.headers.get('x-request-id')).toBe('contract-guard-1');

    const logged = mismatchLines(log.lines).filter((l) => l.requestId === 'contract-guard-1');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, operationId: 'getHealth', status: 200, mismatches: details });
  });

  it('replaces an error status the operation does not document by 500 naming it; platform errors pass', async () => {
    answer = () => {
      throw new ApiError('CONFLICT', `conflict with ${SECRET}`);
    };
    const res = await request(server, 'GET', '/health', { headers: { 'x-request-id': 'contract-guard-2' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      error: {
        code: 'INTERNAL_ERROR',
        message: 'response of getHealth (status 409) does not match openapi.yaml: response status 409 is not documented for getHealth',
        details: [{ path: 'response', message: 'status 409 is not documented for getHealth' }],
        requestId: 'contract-guard-2',
      },
    });
    expect(res.text).not.toContain(SECRET);

    // SERVICE_UNAVAILABLE is a platform error any operation may answer, documented there or not: checked against the
    // Error schema only, and passed.
    answer = () => {
      throw new ApiError('SERVICE_UNAVAILABLE', 'down for maintenance');
    };
    const platform = await request(server, 'GET', '/health', { headers: { 'x-request-id': 'contract-guard-3' } });
    expect(platform.status).toBe(503);
    expect(platform.body).toEqual({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'down for maintenance', requestId: 'contract-guard-3' },
    });
  });
});

describe('response contract guard, validation off (R2.14)', () => {
  let server: TestServer;
  const log = capturingLogger();

  beforeAll(async () => {
    server = await startTestServer({ validateResponses: false, logger: log.logger, handlers });
  });
  afterAll(() => server?.close());

  it('sends an answer that breaks the contract as it is', async () => {
    answer = replyWith(brokenHealth());
    const res = await request(server, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: brokenHealth() });
    expect(mismatchLines(log.lines)).toEqual([]);
  });
});
