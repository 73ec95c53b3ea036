import { endOfPlatformDay, platformToday } from '../calendar/index.ts';

/**
 * spec 1/9: bidding and the auction popup are a mock, not a backend feature: a fixed balance,
 * exchange rate and fee, and the small constant 0.001 as the bid step. Amounts are counted in
 * thousandths of the bid currency (integers), so no float drift reaches what the visitor reads.
 */
export const mockBidding = {
  currency: 'ETH',
  /** The wallet balance the popup shows: 47 ETH, in thousandths. */
  balanceMilli: 47_000,
  /** The service fee: 0.2 ETH. */
  feeMilli: 200,
  /** Euro per ETH: 2,720. */
  eurPerUnit: 2_720,
  /** The smallest step between bids: 0.001 ETH. */
  stepMilli: 1,
} as const;

/** The mock's current bid on an item: its euro price in ETH, rounded up to the step. */
export function currentMockBidMilli(priceCents: number): number {
  return Math.max(mockBidding.stepMilli, Math.ceil((priceCents * 10) / mockBidding.eurPerUnit));
}

/** A bid in thousandths read from what the visitor typed ("1,5", "1.250"): null when unreadable. */
export function parseBidMilli(input: string): number | null {
  const m = /^(\d{1,6})(?:[.,](\d{1,3}))?$/.exec(input.trim());
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0') || 0);
}

export type BidCheck =
  | { ok: true; bidMilli: number; totalMilli: number }
  | { ok: false; reason: 'bid_unreadable' | 'bid_too_low' | 'bid_over_balance'; minimumMilli: number };

/** A bid must beat the current one by at least the step, and bid plus fee must fit the balance. */
export function checkBid(input: string, currentMilli: number): BidCheck {
  const minimumMilli = currentMilli + mockBidding.stepMilli;
  const bidMilli = parseBidMilli(input);
  if (bidMilli === null) return { ok: false, reason: 'bid_unreadable', minimumMilli };
  if (bidMilli < minimumMilli) return { ok: false, reason: 'bid_too_low', minimumMilli };
  const totalMilli = bidMilli + mockBidding.feeMilli;
  if (totalMilli > mockBidding.balanceMilli) return { ok: false, reason: 'bid_over_balance', minimumMilli };
  return { ok: true, bidMilli, totalMilli };
}

/** Thousandths as a number of ETH (for formatting). */
export const milliToUnits = (milli: number) => milli / 1000;

/** Thousandths of ETH in euro cents at the mock's rate. */
export function milliToCents(milli: number): number {
  return Math.round((milli * mockBidding.eurPerUnit) / 10);
}

/** The mock auction ends with the platform's day (midnight in Berlin). */
export function mockAuctionEnd(now: Date): Date {
  return endOfPlatformDay(platformToday(now));
}

/** Time left until `end` as hours, minutes and seconds (never negative). */
export function countdown(end: Date, now: Date): { hours: number; minutes: number; seconds: number } {
  const left = Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 1000));
  return { hours: Math.floor(left / 3600), minutes: Math.floor((left % 3600) / 60), seconds: left % 60 };
}
