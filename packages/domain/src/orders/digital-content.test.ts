import { describe, expect, it } from 'vitest';
import {
  completeCollectibleOrderInputSchema,
  digitalContentConsentOf,
  digitalContentConsentVersion,
  isDigitalContentConsentGiven,
  orderKindOf,
  vatLabel,
} from './digital-content.ts';
import { evaluateSubscription, type Offer } from './limits.ts';

const retail = { accountType: 'personal', companyType: null, isProfessional: false } as const;
const nothingHeld = { existingTotalCents: 0, isExistingInvestor: false, distinctInvestors: 0 };
const terms: Offer = {
  unitPriceCents: 45_000,
  quantityStep: 1,
  professionalOnly: true,
  minimumSubscriptionCents: 100_000,
  maximumOrderCentsNonProfessional: 50_000,
  investorLimit: 0,
  availableQuantity: 10,
};

describe('a collectible is bought, not subscribed (issue 18)', () => {
  it('tells the kind by the tax category (isSecurity)', () => {
    expect(orderKindOf({ taxCategory: { code: 'standard' } })).toBe('collectible');
    expect(orderKindOf({ taxCategory: { code: 'bonds' } })).toBe('security');
    // no category, no item: the stricter path
    expect(orderKindOf({ taxCategory: null })).toBe('security');
    expect(orderKindOf(undefined)).toBe('security');
  });

  it.each([
    [1, []],
    [3, []],
    [10, []],
    [11, ['insufficient_stock']],
    [0, ['quantity_invalid']],
  ] as const)(
    'collectible, %i editions: %j (no § 6 limit, minimum, maximum or investor cap)',
    (q, refusals) => {
      const answer = evaluateSubscription({
        subscriber: retail,
        offer: { ...terms, isSecurity: false },
        holding: nothingHeld,
        quantity: q,
        declarations: null,
      });
      expect(answer.refusals).toEqual(refusals);
      expect(answer).toMatchObject({ investmentLimitCents: null, needsDeclaration: false, maxQuantity: 10 });
    },
  );

  it('the same terms refuse a security', () => {
    const answer = evaluateSubscription({
      subscriber: retail,
      offer: terms,
      holding: nothingHeld,
      quantity: 3,
      declarations: null,
    });
    expect(answer.refusals).toEqual(
      expect.arrayContaining(['professional_only', 'investor_limit_reached', 'maximum_order']),
    );
  });

  it('needs both declarations of § 356 Abs. 5 BGB', () => {
    const both = { immediateDelivery: true, withdrawalLossAcknowledged: true };
    expect(isDigitalContentConsentGiven(both)).toBe(true);
    expect(isDigitalContentConsentGiven({ ...both, withdrawalLossAcknowledged: false })).toBe(false);
    expect(isDigitalContentConsentGiven(null)).toBe(false);
    expect(completeCollectibleOrderInputSchema.safeParse({ digitalContentConsent: both }).success).toBe(true);
    const half = completeCollectibleOrderInputSchema.safeParse({
      digitalContentConsent: { ...both, immediateDelivery: false },
    });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.path).toEqual(['digitalContentConsent', 'immediateDelivery']);
  });

  it('records the consent with its moment, version and wording in the order language', () => {
    const at = new Date('2026-11-27T21:00:00Z');
    const de = digitalContentConsentOf(at, 'de');
    expect(de).toMatchObject({
      givenAt: at.toISOString(),
      version: digitalContentConsentVersion,
      locale: 'de',
    });
    expect(de.text).toContain('vor Ablauf der Widerrufsfrist');
    expect(de.text).toContain('§ 356 Abs. 5 BGB');
    expect(digitalContentConsentOf(at, 'en').text).toContain('lose my right of withdrawal');
  });

  it('labels the VAT as spec 3/9 do', () => {
    expect(vatLabel(1900, 'de')).toBe('19% Mwst.');
    expect(vatLabel(1900, 'en')).toBe('19% VAT');
    expect(vatLabel(700, 'de')).toBe('7% Mwst.');
  });
});
