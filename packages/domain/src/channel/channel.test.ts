import { describe, expect, it } from 'vitest';
import { pickShopChannel, shopChannelCode } from './index.ts';

describe('pickShopChannel (spec 9: channel token)', () => {
  it('takes the token channel wherever it is in the list', () => {
    expect(shopChannelCode).toBe('token');
    expect(pickShopChannel([{ code: 'b2b' }, { code: 'token' }])).toEqual({ code: 'token' });
  });
  it('falls back to the first channel, and to null for none', () => {
    expect(pickShopChannel([{ code: 'legacy' }, { code: 'b2b' }])).toEqual({ code: 'legacy' });
    expect(pickShopChannel([])).toBeNull();
  });
});
