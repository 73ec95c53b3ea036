import { describe, expect, it } from 'vitest';
import { checkTotp, totpCode } from './totp.ts';

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890"; the 6-digit codes are the last six
// digits of the RFC's 8-digit values.
const rfcSecret = new TextEncoder().encode('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s the code is %s', async (seconds, code) => {
    expect(await totpCode(rfcSecret, new Date(seconds * 1000))).toBe(code);
  });

  const secret = 'JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX';
  const now = new Date('2026-11-23T10:00:15Z');
  const at = (offsetSeconds: number) => totpCode(secret, new Date(now.getTime() + offsetSeconds * 1000));

  it('accepts one step of tolerance either side, not two', async () => {
    expect(await checkTotp({ secret, code: await at(0), afterStep: null, at: now })).not.toBeNull();
    expect(await checkTotp({ secret, code: await at(-30), afterStep: null, at: now })).not.toBeNull();
    expect(await checkTotp({ secret, code: await at(30), afterStep: null, at: now })).not.toBeNull();
    expect(await checkTotp({ secret, code: await at(-60), afterStep: null, at: now })).toBeNull();
    expect(await checkTotp({ secret, code: await at(60), afterStep: null, at: now })).toBeNull();
  });

  it('refuses a code of a step at or before the last accepted one (replay)', async () => {
    const step = await checkTotp({ secret, code: await at(0), afterStep: null, at: now });
    expect(step).toBe(Math.floor(now.getTime() / 30_000));
    expect(await checkTotp({ secret, code: await at(0), afterStep: step, at: now })).toBeNull();
    expect(await checkTotp({ secret, code: await at(-30), afterStep: step, at: now })).toBeNull();
    expect(await checkTotp({ secret, code: await at(30), afterStep: step, at: now })).toBe(step! + 1);
  });

  it('refuses anything but six digits', async () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) {
      expect(await checkTotp({ secret, code, afterStep: null, at: now })).toBeNull();
    }
  });
});
