/**
 * spec 5 password policy: at least 8 characters with a lower-case letter, an upper-case letter, a
 * digit and a special character. NIST SP 800-63B asks that at least 64 characters be allowed; 128
 * keeps hashing cheap and bounded. The API additionally refuses common and breached passwords.
 */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export const passwordRules = ['min_length', 'lower', 'upper', 'digit', 'special', 'max_length'] as const;
export type PasswordRule = (typeof passwordRules)[number];

const ruleTests: Record<PasswordRule, (pw: string) => boolean> = {
  min_length: (pw) => [...pw].length >= passwordMinLength,
  lower: (pw) => /\p{Ll}/u.test(pw),
  upper: (pw) => /\p{Lu}/u.test(pw),
  digit: (pw) => /\p{Nd}/u.test(pw),
  // Anything that is neither a letter, a digit nor white space counts as special.
  special: (pw) => /[^\p{L}\p{Nd}\s]/u.test(pw),
  max_length: (pw) => [...pw].length <= passwordMaxLength,
};

/** The rules a password breaks, in the order a form shows them (first failing rule first). */
export function passwordRuleFailures(password: string): PasswordRule[] {
  return passwordRules.filter((rule) => !ruleTests[rule](password));
}

/** Whether a password meets the spec 5 policy (the common-password list is checked by the API). */
export function meetsPasswordPolicy(password: string): boolean {
  return passwordRuleFailures(password).length === 0;
}
