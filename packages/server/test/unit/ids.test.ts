import { describe, expect, it } from 'vitest';
import { newId } from '../../src/ids';

// R1.18: every identifier is a UUID v7, time-ordered; ids made one after another in a process sort in that order.
describe('newId', () => {
  it('makes distinct UUID v7 ids that sort in the order they were made, across pooled random draws', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
