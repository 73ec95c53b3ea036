/**
 * ISIN check digit (ISO 6166): letters become two digits (A = 10 ... Z = 35), then the Luhn
 * algorithm runs over the digit string, doubling every second digit from the right.
 */
export function isinCheckDigit(body: string): number {
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(body)) throw new Error(`not an ISIN without check digit: ${body}`);
  const digits = [...body].map((ch) => (ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch)).join('');
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]) * (double ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A German ISIN from a WKN: DE000 + WKN + check digit. */
export function isinFromWkn(wkn: string): string {
  const body = `DE000${wkn}`;
  return `${body}${isinCheckDigit(body)}`;
}

/** Whether a string is a well-formed ISIN with a correct check digit. */
export function isValidIsin(isin: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin) && isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}
