import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/auth/passwords';
import { hashSecret, isAccessTokenShape, isApiKeyShape, isRefreshTokenShape, newSecret } from '../../src/auth/tokens';

describe('passwords', () => {
  it('hashes with a random salt in a self-describing format and verifies', async () => {
    const a = await hashPassword('s3cret password');
    const b = await hashPassword('s3cret password');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret password', a)).toBe(true);
    expect(await verifyPassword('s3cret passworD', a)).toBe(false);
  });

  it('verifies hashes made with other parameters and rejects malformed ones', async () => {
    const cheap = await hashPassword('pw', { N: 1024, r: 8, p: 1, keyLength: 16 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('pw', 'plain')).toBe(false);
    expect(await verifyPassword('pw', 'scrypt$x$8$1$aa$bb')).toBe(false);
  });
});

describe('tokens', () => {
  it('creates prefixed 32-byte base64url secrets and recognises their shapes', () => {
    const access = newSecret('tat_');
    const refresh = newSecret('trt_');
    const key = newSecret('tk_');
    expect(access).toMatch(/^tat_[A-Za-z0-9_-]{43}$/);
    expect(isAccessTokenShape(access)).toBe(true);
    expect(isAccessTokenShape(refresh)).toBe(false);
    expect(isRefreshTokenShape(refresh)).toBe(true);
    expect(isApiKeyShape(key)).toBe(true);
    expect(isApiKeyShape(`${key}x`)).toBe(false);
  });

  it('stores secrets as SHA-256 hex', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
