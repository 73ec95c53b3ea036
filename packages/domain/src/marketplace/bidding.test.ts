import { describe, expect, it } from 'vitest';
import {
  checkBid,
  countdown,
  currentMockBidMilli,
  milliToCents,
  mockAuctionEnd,
  parseBidMilli,
} from './bidding.ts';

describe('mock bidding (spec 1/9)', () => {
  it('starts from the price in ETH at 2,720 EUR, rounded up to 0.001', () => {
    expect(currentMockBidMilli(45_000)).toBe(166); // 450 EUR / 2720 = 0.16544 -> 0.166
    expect(currentMockBidMilli(272_000)).toBe(1000);
    expect(currentMockBidMilli(0)).toBe(1);
    expect(milliToCents(1000)).toBe(272_000);
  });

  it('reads bids with a comma or a point and at most three decimals', () => {
    expect(parseBidMilli('1,5')).toBe(1500);
    expect(parseBidMilli(' 0.167 ')).toBe(167);
    expect(parseBidMilli('2')).toBe(2000);
    expect(parseBidMilli('0,0001')).toBeNull();
    expect(parseBidMilli('-1')).toBeNull();
    expect(parseBidMilli('1e3')).toBeNull();
    expect(parseBidMilli('')).toBeNull();
  });

  it('needs a bid above the current one by the step, and bid plus the 0.2 fee within the balance of 47', () => {
    expect(checkBid('0,166', 166)).toEqual({ ok: false, reason: 'bid_too_low', minimumMilli: 167 });
    expect(checkBid('0,167', 166)).toEqual({ ok: true, bidMilli: 167, totalMilli: 367 });
    expect(checkBid('46,8', 166)).toEqual({ ok: true, bidMilli: 46_800, totalMilli: 47_000 });
    expect(checkBid('46,801', 166)).toMatchObject({ ok: false, reason: 'bid_over_balance' });
    expect(checkBid('viel', 166)).toMatchObject({ ok: false, reason: 'bid_unreadable' });
  });

  it('counts down to midnight in Berlin, second by second', () => {
    const now = new Date('2026-11-27T21:00:00Z'); // 22:00 in Berlin
    const end = mockAuctionEnd(now);
    expect(end.toISOString()).toBe('2026-11-27T22:59:59.999Z');
    expect(countdown(end, now)).toEqual({ hours: 2, minutes: 0, seconds: 0 });
    expect(countdown(end, new Date(now.getTime() + 1000))).toEqual({ hours: 1, minutes: 59, seconds: 59 });
    expect(countdown(end, new Date('2026-11-28T00:00:00Z'))).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});
