import { formatDate } from '../format/index.ts';
import type { Locale } from '../i18n/index.ts';
import type { LocalizedText } from './excerpt.ts';

/*
 * Disposal restrictions on a holder's position (eWpG § 17 (1) Nr. 6: "Verfügungsbeschränkungen" and
 * "Rechte Dritter"), entered and lifted by the operator (decision 016 "Disposal restrictions"). While
 * one is in force the holder's tokens of the bond may not be transferred (`transferRefusal`'s
 * `disposal_restricted`), and every excerpt made meanwhile states it.
 */

/**
 * The kinds of restriction the register records: a pledge (Verpfändung, BGB § 1274), an attachment
 * (Pfändung, ZPO § 829/857), an insolvency note (InsO § 21/80), anything else with its reason.
 */
export const disposalRestrictionKinds = ['pledge', 'attachment', 'insolvency', 'other'] as const;
export type DisposalRestrictionKind = (typeof disposalRestrictionKinds)[number];

/** A restriction as the register (and its excerpts) states it. */
export type RecordedRestriction = {
  kind: DisposalRestrictionKind;
  reason: string;
  beneficiary: string | null;
  /** ISO 8601 instant it was entered. */
  setAt: string;
};

export const disposalRestrictionKindLabels: Readonly<
  Record<DisposalRestrictionKind, Readonly<Record<Locale, string>>>
> = {
  pledge: { de: 'Verpfändung', en: 'Pledge' },
  attachment: { de: 'Pfändung', en: 'Attachment' },
  insolvency: { de: 'Insolvenzvermerk', en: 'Insolvency' },
  other: { de: 'Sonstige Verfügungsbeschränkung', en: 'Other restriction' },
};

/** The third party's right each kind gives (eWpG § 17 (1) Nr. 6 "Rechte Dritter"). */
const thirdPartyRightLabels: Readonly<Record<DisposalRestrictionKind, Readonly<Record<Locale, string>>>> = {
  pledge: { de: 'Pfandrecht zugunsten von', en: 'Pledge in favour of' },
  attachment: { de: 'Pfändungspfandrecht zugunsten von', en: 'Attachment lien in favour of' },
  insolvency: { de: 'Verfügungsbefugnis von', en: 'Power of disposal of' },
  other: { de: 'Recht zugunsten von', en: 'Right in favour of' },
};

const since = { de: 'seit', en: 'since' } as const;

/**
 * The text of `register_holdings.disposal_restriction` (the transfer rule reads "not null"): the
 * restrictions in force, or null when none is.
 */
export function holdingRestrictionText(restrictions: readonly RecordedRestriction[]): string | null {
  if (restrictions.length === 0) return null;
  return restrictions.map((r) => `${disposalRestrictionKindLabels[r.kind].de}: ${r.reason}`).join('; ');
}

/**
 * eWpG § 17 (1) Nr. 6 for an excerpt: the restrictions in force (kind, since when, reason) and the
 * third parties' rights they give, in both languages; null where there are none.
 */
export function excerptRestrictionTexts(restrictions: readonly RecordedRestriction[]): {
  disposalRestrictions: LocalizedText | null;
  thirdPartyRights: LocalizedText | null;
} {
  const inBoth = (
    line: (r: RecordedRestriction, locale: Locale) => string,
    of: readonly RecordedRestriction[],
  ) =>
    of.length === 0
      ? null
      : {
          de: of.map((r) => line(r, 'de')).join('; '),
          en: of.map((r) => line(r, 'en')).join('; '),
        };
  return {
    disposalRestrictions: inBoth(
      (r, locale) =>
        `${disposalRestrictionKindLabels[r.kind][locale]} (${since[locale]} ${formatDate(r.setAt, { locale })}): ${r.reason}`,
      restrictions,
    ),
    thirdPartyRights: inBoth(
      (r, locale) => `${thirdPartyRightLabels[r.kind][locale]} ${r.beneficiary}`,
      restrictions.filter((r) => r.beneficiary !== null),
    ),
  };
}
