import { describe, expect, it } from 'vitest';
import { urlSchemeProblem } from '../../src/url-scheme';

describe('urlSchemeProblem', () => {
  const schemes = new Set(['redis:', 'rediss:']);

  it('null for a URL of one of the schemes', () => {
    expect(urlSchemeProblem('redis://cache:6379', schemes)).toBeNull();
    expect(urlSchemeProblem('rediss://:secret@cache:6380', schemes)).toBeNull();
  });

  it('names another scheme without its colon', () => {
    expect(urlSchemeProblem('memcached://cache:11211', schemes)).toBe('has the unsupported scheme memcached');
  });

  it('says so when the text is not a URL', () => {
    expect(urlSchemeProblem('not a url', schemes)).toBe('is not a URL');
    expect(urlSchemeProblem('', schemes)).toBe('is not a URL');
  });
});
