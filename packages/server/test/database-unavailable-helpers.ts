import { expect } from 'vitest';
import type { TestResponse } from './helpers/index';

/**
 * Expects the contract's ServiceUnavailable answer (R18.18): 503 SERVICE_UNAVAILABLE, a Retry-After of at least one
 * second, the error envelope with its request id, and a message that says nothing of the cause (no driver error, no
 * SQL, no path). `what` names the request in the failure message.
 */
export function expectUnavailable(res: TestResponse, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(503);
  expect(res.body).toEqual({
    success: false,
    error: { code: 'SERVICE_UNAVAILABLE', message: 'the database cannot be reached right now; retry shortly', requestId: res.headers.get('x-request-id') },
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}
