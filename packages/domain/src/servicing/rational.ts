/*
 * Exact fractions over bigint: accrual fractions and coupon amounts are multiplied and rounded once,
 * at the end, so no float drift reaches a cent (decision: rationals rather than decimal.js, which the
 * domain package does not declare).
 */

/** A fraction `num / den` in lowest terms, `den > 0`. */
export type Rational = { readonly num: bigint; readonly den: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** `num / den` reduced; a zero denominator is a programming error. */
export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let [n, d] = [BigInt(num), BigInt(den)];
  if (d === 0n) throw new RangeError('denominator 0');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const zero = rational(0n);

export function addRational(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function multiplyRational(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

/** Rounds half up (half away from zero for the non-negative amounts it serves) to a whole number. */
export function roundHalfUp(r: Rational): bigint {
  const sign = r.num < 0n ? -1n : 1n;
  const abs = r.num < 0n ? -r.num : r.num;
  return sign * ((2n * abs + r.den) / (2n * r.den));
}

/** `"181/365"`, or `"1"` for a whole number: exact, for views and logs. */
export function formatRational(r: Rational): string {
  return r.den === 1n ? String(r.num) : `${r.num}/${r.den}`;
}

/** The fraction as a decimal string with `digits` places, rounded half up (for display only). */
export function toDecimalString(r: Rational, digits = 10): string {
  const scaled = roundHalfUp(rational(r.num * 10n ** BigInt(digits), r.den));
  const negative = scaled < 0n;
  const text = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** A bigint that must fit a JS number (cents, tokens) as a number. */
export function toSafeInteger(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${value} is not a safe integer`);
  return n;
}
