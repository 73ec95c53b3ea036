import { describe, expect, it } from 'vitest';
import { canTransition } from '../lifecycle/index.ts';
import {
  contentExtensionOf,
  creatorProductCreateInputSchema,
  isListedReviewState,
  judgeSniffedType,
  presignInputSchema,
  productReviewLifecycle,
  withdrawalRefusal,
} from './content.ts';

describe('content file names (spec 9)', () => {
  it.each([
    ['bild.PNG', 'png'],
    ['a.b.jpeg', 'jpeg'],
    ['song.mp3', 'mp3'],
    ['clip.mov', 'mov'],
    ['doc.pdf', null],
    ['noextension', null],
    ['trailing.', null],
  ])('%s -> %s', (name, ext) => {
    expect(contentExtensionOf(name)).toBe(ext);
  });
});

describe('judging the sniffed type against the name', () => {
  it.each([
    ['png', 'image/png', 'ok'],
    ['jpg', 'image/jpeg', 'ok'],
    ['mov', 'video/quicktime', 'ok'],
    ['mp4', 'image/png', 'file_not_recognized'],
    ['png', null, 'file_not_recognized'],
    ['png', 'application/pdf', 'file_type_not_allowed'],
    ['mp3', 'application/zip', 'file_type_not_allowed'],
  ] as const)('%s sniffed as %s -> %s', (ext, sniffed, verdict) => {
    expect(judgeSniffedType(ext, sniffed)).toBe(verdict);
  });
});

describe('review lifecycle', () => {
  it('lists approved products only, and approves only what waits for review', () => {
    expect(isListedReviewState('approved')).toBe(true);
    expect(isListedReviewState('pending')).toBe(false);
    expect(isListedReviewState('rejected')).toBe(false);
    expect(canTransition(productReviewLifecycle, 'pending', 'approved')).toBe(true);
    expect(canTransition(productReviewLifecycle, 'rejected', 'approved')).toBe(false);
    expect(canTransition(productReviewLifecycle, 'approved', 'pending')).toBe(true);
  });
});

describe('withdrawing an item (decision 020)', () => {
  it('is open from every state but refused while a placed order awaits payment; twice is once', () => {
    for (const state of ['pending', 'approved', 'rejected', 'withdrawn'] as const) {
      expect(withdrawalRefusal({ state, ordersAwaitingPayment: 0 })).toBeNull();
    }
    expect(withdrawalRefusal({ state: 'approved', ordersAwaitingPayment: 1 })).toBe(
      'product_has_open_orders',
    );
    expect(canTransition(productReviewLifecycle, 'withdrawn', 'pending')).toBe(true);
    expect(canTransition(productReviewLifecycle, 'withdrawn', 'approved')).toBe(false);
  });
});

describe('inputs', () => {
  const hash = 'A'.repeat(64);
  it('lower-cases the announced hash and refuses other lengths', () => {
    expect(presignInputSchema.parse({ filename: 'a.png', hash }).hash).toBe('a'.repeat(64));
    expect(presignInputSchema.safeParse({ filename: 'a.png', hash: 'a'.repeat(63) }).success).toBe(false);
  });

  const base = {
    mediaFiles: ['/api/v2/shop/media-files/1'],
    translations: { de: { name: 'A' }, en: { name: 'B' } },
    royalties: 0,
    price: 100,
    termsAccepted: true,
    noCopyrightInfringement: true,
  };
  it('drops metadata rows with empty keys and needs both parts of a trait (spec 5)', () => {
    const parsed = creatorProductCreateInputSchema.parse({
      ...base,
      metadata: [
        { key: '', value: 'x' },
        { key: 'k', value: 'v' },
      ],
    });
    expect(parsed.metadata).toEqual([{ key: 'k', value: 'v' }]);
    expect(
      creatorProductCreateInputSchema.safeParse({ ...base, traits: [{ type: 'a', value: '' }] }).success,
    ).toBe(false);
  });
  it.each([
    ['royalties above 50', { royalties: 51 }],
    ['terms not accepted', { termsAccepted: false }],
    ['no media', { mediaFiles: [] }],
  ])('refuses %s', (_n, patch) => {
    expect(creatorProductCreateInputSchema.safeParse({ ...base, ...patch }).success).toBe(false);
  });
});
