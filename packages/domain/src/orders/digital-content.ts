import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { isSecurity } from '../catalog/index.ts';
import type { Locale } from '../i18n/index.ts';

/*
 * Buying a collectible is not subscribing to a bond (issue 18). A collectible (tax category with
 * 19 % VAT, `isSecurity` false) is bought through the same order calls, but without the securities
 * statements, the WpPG § 6 limits and the bond documents; instead the consumer consents to the
 * delivery of the digital content before the withdrawal period ends and acknowledges losing the
 * right of withdrawal thereby (§ 356 Abs. 5 BGB). The consent is stored with the order (moment,
 * wording version and text in the order's language), shown on the order and printed on the invoice
 * (the confirmation on a durable medium, § 312f Abs. 3 BGB).
 */

/** What an order buys: a security (bond token, subscribed) or a collectible (bought, 19 % VAT). */
export const orderKinds = ['security', 'collectible'] as const;
export type OrderKind = (typeof orderKinds)[number];

/** The kind of an order from its item's tax category (catalogue rule `isSecurity`; no second flag). */
export function orderKindOf(item: { taxCategory: { code: string } | null } | null | undefined): OrderKind {
  return item && !isSecurity(item) ? 'collectible' : 'security';
}

/** The version of the consent's wording; a new wording gets a new version (stored with each order). */
export const digitalContentConsentVersion = '2026-11-27';

/** § 356 Abs. 5 BGB: the two declarations, in each language, as the consumer ticks them. */
export const digitalContentConsentTexts: Record<
  Locale,
  { immediateDelivery: string; withdrawalLossAcknowledged: string }
> = {
  de: {
    immediateDelivery:
      'Ich stimme ausdrücklich zu, dass mit der Bereitstellung der digitalen Inhalte (Übertragung der Edition) vor Ablauf der Widerrufsfrist begonnen wird.',
    withdrawalLossAcknowledged:
      'Mir ist bekannt, dass ich durch diese Zustimmung mit Beginn der Bereitstellung mein Widerrufsrecht verliere (§ 356 Abs. 5 BGB).',
  },
  en: {
    immediateDelivery:
      'I expressly agree that the supply of the digital content (the transfer of the edition) begins before the withdrawal period ends.',
    withdrawalLossAcknowledged:
      'I acknowledge that by giving this consent I lose my right of withdrawal once the supply has begun (section 356 (5) German Civil Code, BGB).',
  },
};

/** The consent's full wording in one language, as stored with the order and printed on the invoice. */
export function digitalContentConsentText(locale: Locale): string {
  const t = digitalContentConsentTexts[locale];
  return `${t.immediateDelivery} ${t.withdrawalLossAcknowledged}`;
}

/** What `PATCH orders/{token}/complete` carries for a collectible; the API checks both are true. */
export const digitalContentConsentInputSchema = z.strictObject({
  immediateDelivery: z.boolean(),
  withdrawalLossAcknowledged: z.boolean(),
});
export type DigitalContentConsentInput = z.infer<typeof digitalContentConsentInputSchema>;

/** The web's confirmation form of a collectible: both declarations must be ticked (§ 356 Abs. 5 BGB). */
export const completeCollectibleOrderInputSchema = z.strictObject({
  notes: z.string().trim().max(2000).nullish(),
  digitalContentConsent: z.strictObject({
    immediateDelivery: z.boolean().refine((v) => v === true, violation('confirmation_required')),
    withdrawalLossAcknowledged: z.boolean().refine((v) => v === true, violation('confirmation_required')),
  }),
});
export type CompleteCollectibleOrderInput = z.infer<typeof completeCollectibleOrderInputSchema>;

/** Whether the consent was given in full (both declarations). */
export function isDigitalContentConsentGiven(
  consent: DigitalContentConsentInput | null | undefined,
): boolean {
  return consent?.immediateDelivery === true && consent.withdrawalLossAcknowledged === true;
}

/** The consent as stored with the order and shown in its view. */
export const digitalContentConsentViewSchema = z.object({
  givenAt: z.string(),
  version: z.string(),
  locale: z.enum(['de', 'en']),
  /** The wording the consumer agreed to, in the order's language. */
  text: z.string(),
});
export type DigitalContentConsent = z.infer<typeof digitalContentConsentViewSchema>;

/** The consent record of an order placed now in `locale`. */
export function digitalContentConsentOf(givenAt: Date, locale: Locale): DigitalContentConsent {
  return {
    givenAt: givenAt.toISOString(),
    version: digitalContentConsentVersion,
    locale,
    text: digitalContentConsentText(locale),
  };
}

/** spec 3/9 tax label: '19% Mwst.' (de) / '19% VAT' (en), from the rate in basis points. */
export function vatLabel(rateBasisPoints: number, locale: Locale): string {
  const rate = (rateBasisPoints / 100).toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB', {
    maximumFractionDigits: 2,
  });
  return locale === 'de' ? `${rate}% Mwst.` : `${rate}% VAT`;
}
