import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { isIsoDate } from '../calendar/index.ts';
import type { ErrorCode } from '../errors/index.ts';
import { couponFrequencies, cycleDate, dayCountConventions } from './day-count.ts';
import { businessDayConventions } from './target2.ts';

/*
 * The bond terms (Anleihebedingungen) as the platform keeps them for servicing: what a coupon run, the
 * schedule and the redemption read. Money in integer cents, the rate in basis points, days `YYYY-MM-DD`.
 */

/** regulatory notes: the coupon rate lies above 0 and at most 20 % (2000 basis points). */
export const maxCouponRateBasisPoints = 2000;
/** Record dates lie 0 to 15 TARGET2 business days before the payment date. */
export const maxRecordDateOffsetBusinessDays = 15;

/** The ISIN alphabet: digits stay, letters become 10 (A) to 35 (Z) (ISO 6166). */
function expandIsin(isin: string): string {
  let digits = '';
  for (const ch of isin) digits += ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
  return digits;
}

/** Whether `value` is an ISIN: country letters, nine alphanumerics, and a Luhn check digit (ISO 6166). */
export function isValidIsin(value: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(value)) return false;
  const digits = expandIsin(value);
  let sum = 0;
  // Luhn from the right over the expansion, check digit included: every second digit doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Years 1900-2999 keep the cycle arithmetic (two periods before a first coupon) within calendar days.
const daySchema = z
  .string()
  .refine((v) => isIsoDate(v) && v >= '1900-01-01' && v < '3000-01-01', violation('invalid_value'));
const centsSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const bondTermsFields = {
  isin: z.string().refine(isValidIsin, violation('invalid_isin')),
  /** The issuer's legal name as the terms state it. */
  issuer: z.string().trim().min(1).max(200),
  nominalPerTokenCents: centsSchema,
  /** Issue volume = nominal per token × total supply. */
  issueVolumeCents: centsSchema,
  /** Tokens the bond may ever have (the register never mints more). */
  totalSupply: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  couponRateBasisPoints: z
    .number()
    .int()
    .refine((bp) => bp > 0 && bp <= maxCouponRateBasisPoints, violation('coupon_rate_out_of_range')),
  couponFrequency: z.enum(couponFrequencies),
  dayCountConvention: z.enum(dayCountConventions),
  /** Interest accrues from this day (Verzinsungsbeginn). */
  issueDate: daySchema,
  /** Ends the first period, short or long; its day sets the coupon cycle up to maturity. */
  firstCouponDate: daySchema,
  maturityDate: daySchema,
  businessDayConvention: z.enum(businessDayConventions),
  /** The register on this many TARGET2 business days before the payment date decides who is paid. */
  recordDateOffsetBusinessDays: z.number().int().min(0).max(maxRecordDateOffsetBusinessDays),
  subscriptionStart: daySchema,
  /** Subscriptions close by the issue date, so every holder earns the first coupon from the same day. */
  subscriptionEnd: daySchema,
  minimumSubscriptionCents: centsSchema.nullable(),
  maximumOrderCentsNonProfessional: centsSchema.nullable(),
  professionalOnly: z.boolean(),
  /** At most this many investors (spec 1: e.g. 149); null = no cap. */
  investorLimit: z.number().int().min(1).nullable(),
  /** Enquiry only, no buy button (spec 6). */
  exclusive: z.boolean(),
};

type Fields = { [K in keyof typeof bondTermsFields]: z.infer<(typeof bondTermsFields)[K]> };

/** Whether maturity falls on the cycle the first coupon date sets (so the last period ends at maturity). */
function isOnCycle(firstCouponDate: string, frequency: Fields['couponFrequency'], maturity: string): boolean {
  let k = 0;
  let date = firstCouponDate;
  while (date < maturity) date = cycleDate(firstCouponDate, frequency, ++k);
  return date === maturity;
}

/**
 * The first coupon date is in place when it lies after the issue date, before two regular periods
 * have passed (a short or a long first period, ICMA), and maturity lies on its cycle.
 */
export function isFirstCouponDateInPlace(
  t: Pick<Fields, 'issueDate' | 'firstCouponDate' | 'maturityDate' | 'couponFrequency'>,
): boolean {
  if (t.firstCouponDate <= t.issueDate || t.firstCouponDate > t.maturityDate) return false;
  if (cycleDate(t.firstCouponDate, t.couponFrequency, -2) >= t.issueDate) return false;
  return isOnCycle(t.firstCouponDate, t.couponFrequency, t.maturityDate);
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v);
const areDays = (...values: unknown[]) => values.every((v) => daySchema.safeParse(v).success);

/** The rules between fields; zod still runs them when a field failed, so each first checks its inputs. */
function checkTerms(t: Fields, ctx: z.RefinementCtx): void {
  const issue = (path: keyof Fields, v: ReturnType<typeof violation>, params: Record<string, unknown> = {}) =>
    ctx.addIssue({ ...v, params: { ...v.params, ...params }, path: [path], input: t[path] });
  const nominal = t.nominalPerTokenCents;
  if (isCount(nominal) && isCount(t.totalSupply) && isCount(t.issueVolumeCents)) {
    // bigint: nominal × supply may pass 2^53 before it is compared
    if (BigInt(nominal) * BigInt(t.totalSupply) !== BigInt(t.issueVolumeCents)) {
      issue('issueVolumeCents', violation('inconsistent_volume'));
    }
  }
  if (areDays(t.issueDate, t.maturityDate)) {
    if (t.maturityDate <= t.issueDate) issue('maturityDate', violation('maturity_before_issue'));
    else if (
      areDays(t.firstCouponDate) &&
      couponFrequencies.includes(t.couponFrequency) &&
      !isFirstCouponDateInPlace(t)
    ) {
      issue('firstCouponDate', violation('first_coupon_date_out_of_place'));
    }
  }
  if (areDays(t.subscriptionStart, t.subscriptionEnd, t.issueDate)) {
    if (t.subscriptionEnd < t.subscriptionStart) {
      issue('subscriptionEnd', violation('min_date'), { value: t.subscriptionStart });
    } else if (t.subscriptionEnd > t.issueDate) {
      issue('subscriptionEnd', violation('max_date'), { value: t.issueDate });
    }
  }
  if (!isCount(nominal)) return;
  const minimum = t.minimumSubscriptionCents;
  if (isCount(minimum) && minimum < nominal) {
    issue('minimumSubscriptionCents', violation('too_small'), { value: nominal });
  }
  const floor = isCount(minimum) ? minimum : nominal;
  const maximum = t.maximumOrderCentsNonProfessional;
  if (isCount(maximum) && maximum < floor) {
    issue('maximumOrderCentsNonProfessional', violation('too_small'), { value: floor });
  }
}

/** The bond terms: each field's rule, then the rules between fields, each with its violation code. */
export const bondTermsSchema = z.strictObject(bondTermsFields).superRefine(checkTerms);
export type BondTerms = z.infer<typeof bondTermsSchema>;

/**
 * The terms investors bought on: once a token is sold they stay (a change needs the holders'
 * resolution under the SchVG, outside this platform). The sale's own settings (subscription period,
 * order limits, investor cap, exclusivity) may still change.
 */
export const lockedTermsFields = [
  'isin',
  'issuer',
  'nominalPerTokenCents',
  'issueVolumeCents',
  'totalSupply',
  'couponRateBasisPoints',
  'couponFrequency',
  'dayCountConvention',
  'issueDate',
  'firstCouponDate',
  'maturityDate',
  'businessDayConvention',
  'recordDateOffsetBusinessDays',
  'professionalOnly',
] as const satisfies readonly (keyof BondTerms)[];
export type LockedTermsField = (typeof lockedTermsFields)[number];

export type TermsChangeRefusal = {
  code: Extract<ErrorCode, 'bond_terms_locked'>;
  fields: LockedTermsField[];
};

/** Why a change of the terms is refused (the locked fields it touches once tokens are sold), or null. */
export function termsChangeRefusal(
  oldTerms: BondTerms,
  newTerms: BondTerms,
  sales: { tokensSold: number },
): TermsChangeRefusal | null {
  if (sales.tokensSold <= 0) return null;
  const fields = lockedTermsFields.filter((f) => oldTerms[f] !== newTerms[f]);
  return fields.length > 0 ? { code: 'bond_terms_locked', fields } : null;
}
