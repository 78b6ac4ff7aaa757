import { describe, expect, it } from 'vitest';
import { compareSpecificity } from '../../src/http/router';
import { formatPath } from '../../src/http/field-path';
import { toDetails } from '../../src/http/validation';
import { slugify, uniqueSlug } from '../../src/services/slug';

describe('formatPath', () => {
  it('turns JSON pointers into readable field paths', () => {
    expect(formatPath('body', '/stages/0/format')).toBe('body.stages[0].format');
    expect(formatPath('body', '', 'name')).toBe('body.name');
    expect(formatPath('body', '/placements/3-4')).toBe('body.placements["3-4"]');
    expect(formatPath('query', '/a~1b')).toBe('query["a/b"]');
    expect(formatPath('header', '', 'Idempotency-Key')).toBe('header.idempotency-key');
    expect(formatPath('header', '/last-event-id')).toBe('header.last-event-id');
  });
});

describe('toDetails', () => {
  it('names missing and unexpected properties and lists oneOf summaries last', () => {
    const details = toDetails('body', [
      { keyword: 'oneOf', instancePath: '', schemaPath: '', params: {}, message: 'must match exactly one schema in oneOf' },
      { keyword: 'required', instancePath: '', schemaPath: '', params: { missingProperty: 'name' }, message: 'x' },
      { keyword: 'additionalProperties', instancePath: '/team', schemaPath: '', params: { additionalProperty: 'x' }, message: 'x' },
      { keyword: 'required', instancePath: '', schemaPath: '', params: { missingProperty: 'name' }, message: 'x' },
    ]);
    expect(details).toEqual([
      { path: 'body.name', message: 'is required' },
      { path: 'body.team.x', message: 'is not allowed' },
      { path: 'body', message: 'must match exactly one schema in oneOf' },
    ]);
  });
});

describe('route specificity', () => {
  it('orders literal segments before parameters', () => {
    const paths = ['/circuits/{id}', '/users/{username}', '/circuits/public/{id}', '/users/me', '/circuits/public/active'];
    const sorted = [...paths].sort(compareSpecificity);
    expect(sorted.indexOf('/users/me')).toBeLessThan(sorted.indexOf('/users/{username}'));
    expect(sorted.indexOf('/circuits/public/active')).toBeLessThan(sorted.indexOf('/circuits/public/{id}'));
    expect(sorted.indexOf('/circuits/public/{id}')).toBeLessThan(sorted.indexOf('/circuits/{id}'));
  });
});

describe('slugs', () => {
  it('derives URL-friendly slugs and makes them unique', () => {
    expect(slugify('Équipe Zürich!  Pro')).toBe('equipe-zurich-pro');
    expect(slugify('***')).toBe('org');
    expect(slugify('x'.repeat(100))).toHaveLength(64);
    expect(uniqueSlug('acme', new Set())).toBe('acme');
    expect(uniqueSlug('acme', new Set(['acme', 'acme-2']))).toBe('acme-3');
    expect(uniqueSlug('a'.repeat(64), new Set(['a'.repeat(64)]))).toBe(`${'a'.repeat(62)}-2`);
  });
});
