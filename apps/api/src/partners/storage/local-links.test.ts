import { describe, expect, it } from 'vitest';
import { createLinkSigner } from './local-links.ts';

describe('signed links of the local store', () => {
  const signer = createLinkSigner('test-secret-of-at-least-32-characters!!');
  const expiresAt = new Date(Date.now() + 60_000);
  const link = { method: 'PUT' as const, key: 'public/content/a.png', expiresAt, bound: 'image/png' };

  it('accepts its own link and refuses any other spelling of it, method or bound', () => {
    const token = signer.sign(link);
    expect(signer.verify(token, { method: 'PUT', bound: 'image/png' })).toBe(link.key);
    expect(signer.verify(token, { method: 'GET', bound: 'image/png' })).toBeNull();
    expect(signer.verify(token, { method: 'PUT', bound: 'text/html' })).toBeNull();
    // Every other last character, including the three that decode to the same signature bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const c of alphabet.replace(token.at(-1)!, '')) {
      expect(signer.verify(token.slice(0, -1) + c, { method: 'PUT', bound: 'image/png' })).toBeNull();
    }
  });

  it('refuses an expired link', () => {
    const token = signer.sign({ ...link, expiresAt: new Date(Date.now() - 1_000) });
    expect(signer.verify(token, { method: 'PUT', bound: 'image/png' })).toBeNull();
  });
});
