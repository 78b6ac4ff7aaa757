/**
 * Contract test of the schemas of openapi.yaml: every component schema compiles with Ajv2020 the way the server
 * compiles it, the error examples validate against Error (R2.3), and a few schemas accept and refuse what they should
 * (R1.2, R2.5, R4.2, R5.2, R9.12, R10.2).
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { doc, isObject } from './helpers/openapi-document';

describe('openapi.yaml: schemas compile with Ajv2020 (as the server does)', () => {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: { schemas } } as object);
  const validator = (name: string) => ajv.compile({ $ref: `openapi#/components/schemas/${name}` });

  it.each(Object.keys(schemas))('compiles %s', (name) => {
    expect(() => validator(name)).not.toThrow();
  });

  it('validates the error examples against Error', () => {
    const validate = validator('Error');
    const responses = isObject(components.responses) ? components.responses : {};
    for (const [name, response] of Object.entries(responses)) {
      const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
      if (!isObject(media) || media.example === undefined) continue;
      expect(validate(media.example), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('accepts a minimal tournament and rejects unknown fields and bad stage formats', () => {
    const validate = validator('TournamentCreate');
    const valid = {
      name: 'Spring Cup',
      disciplineId: 'cs2',
      maxParticipants: 16,
      startDate: '2030-04-01T18:00:00Z',
      stages: [{ name: 'Playoffs', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }],
    };
    expect(validate(valid)).toBe(true);
    expect(validate({ ...valid, colour: 'red' })).toBe(false);
    expect(validate({ ...valid, stages: [{ name: 'X', format: 'KNOCKOUT' }] })).toBe(false);
    expect(validate({ ...valid, stages: [] })).toBe(false);
  });

  it('tells the three scoring strategies apart (no discriminator needed)', () => {
    const validate = validator('ScoringConfig');
    expect(validate({ strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40 } })).toBe(true);
    expect(validate({ strategy: 'LINEAR', maxPoints: 100, step: 10, minPoints: 5 })).toBe(true);
    expect(validate({ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 0.8 })).toBe(true);
    expect(validate({ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 1 })).toBe(false);
    expect(validate({ strategy: 'PLACEMENT', placements: { first: 100 } })).toBe(false);
    expect(validate({ strategy: 'LINEAR', maxPoints: 100, decay: 0.5 })).toBe(false);
  });

  it('accepts username or email login, never both', () => {
    const validate = validator('LoginRequest');
    expect(validate({ username: 'alice', password: 'pw' })).toBe(true);
    expect(validate({ email: 'alice@example.org', password: 'pw' })).toBe(true);
    expect(validate({ username: 'alice', email: 'alice@example.org', password: 'pw' })).toBe(false);
    expect(validate({ password: 'pw' })).toBe(false);
  });

  it('accepts "*" and known event names in webhook subscriptions only', () => {
    const validate = validator('WebhookCreate');
    expect(validate({ url: 'https://hooks.example.org/t', events: ['*'] })).toBe(true);
    expect(validate({ url: 'https://hooks.example.org/t', events: ['match.completed', 'anticheat.detection_raised'] })).toBe(true);
    expect(validate({ url: 'https://hooks.example.org/t', events: ['match.exploded'] })).toBe(false);
    expect(validate({ url: 'ftp://hooks.example.org/t', events: ['*'] })).toBe(false);
  });

  it('tolerates (and ignores) a projectId in anti-cheat bodies (R4.2)', () => {
    const validate = validator('AntiCheatSessionStart');
    const body = { game: 'cs2', participants: [{ userId: '0193f2a4-6b1e-7c3d-9a5f-2e8b4c6d1a07' }] };
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, projectId: 'anything' })).toBe(true);
    expect(validate({ ...body, game: 'tetris' })).toBe(false);
  });
});
