import { z } from 'zod';
import type { ViolationCode } from '../errors/index.ts';
import { accountTypes, companyTypes } from './kinds.ts';
import { passwordMaxLength, passwordRuleFailures } from './password.ts';

/**
 * A custom zod issue that carries the catalogue's violation code (see `@token/domain/errors`). It
 * has no message of its own: a message here would win over the error map, and the form would show
 * the bare code; the sentence comes from the catalogue in the reader's language (`zodMessage` in the
 * web, `localizeViolations` in the API).
 */
export function violation(code: ViolationCode) {
  return { code: 'custom' as const, params: { violation: code } };
}

/** E-mail addresses are compared and stored trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z.email().max(254);
const name = z.string().trim().min(1).max(100);

/** A new password: the spec 5 policy, reported as one violation (`weak_password`). */
export const newPasswordSchema = z
  .string()
  .min(1)
  .max(passwordMaxLength)
  .superRefine((pw, ctx) => {
    if (pw.length === 0) return;
    const failures = passwordRuleFailures(pw).filter((r) => r !== 'max_length');
    if (failures.length > 0) ctx.addIssue({ ...violation('weak_password'), input: pw });
  });

/** Adds `password_mismatch` on `path` when the confirmation differs (spec 5: passwords must match). */
function confirmMatches<T extends Record<string, unknown>>(
  field: keyof T & string,
  confirm: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[field];
    const b = value[confirm];
    if (typeof a === 'string' && typeof b === 'string' && b !== '' && a !== b) {
      ctx.addIssue({ ...violation('password_mismatch'), path: [confirm], input: b });
    }
  };
}

/** A referral code as handed out (`/sign-up/{referralCode}`). */
export const referralCodeSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9]*$/);

const signUpFields = {
  firstName: name,
  lastName: name,
  email: emailSchema,
  password: newPasswordSchema,
  confirmPassword: z.string().min(1).max(passwordMaxLength),
  accountType: z.enum(accountTypes),
  /** spec 5: terms must be accepted to register. */
  termsConsent: z.boolean().refine((v) => v === true, violation('terms_required')),
  /** spec 3: marketing consent. */
  subscribedToNewsletter: z.boolean().default(false),
  referralCode: referralCodeSchema.optional(),
  /** The language the customer's mails are written in; the request's language when absent. */
  locale: z.enum(['de', 'en']).optional(),
};

/** spec 3 registration (POST customers). */
export const signUpSchema = z
  .strictObject(signUpFields)
  .superRefine(confirmMatches<{ password: string; confirmPassword: string }>('password', 'confirmPassword'));
export type SignUpInput = z.infer<typeof signUpSchema>;

export const companyNameSchema = z.string().trim().min(2).max(200);

/** Company registration (POST companies): the registration plus company name and type. */
export const companySignUpSchema = z
  .strictObject({
    ...signUpFields,
    accountType: z.literal('company').default('company'),
    companyName: companyNameSchema,
    companyType: z.enum(companyTypes),
  })
  .superRefine(confirmMatches<{ password: string; confirmPassword: string }>('password', 'confirmPassword'));
export type CompanySignUpInput = z.infer<typeof companySignUpSchema>;

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/);

/** POST authentication-token. The password is not checked against the policy: old ones may not meet it. */
export const loginSchema = z.strictObject({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  code: z.string().trim().max(32).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailRequestSchema = z.strictObject({ email: emailSchema });

/** PATCH reset-password-requests/{token} (merge-patch). */
export const resetPasswordSchema = z
  .strictObject({
    newPassword: newPasswordSchema,
    confirmNewPassword: z.string().min(1).max(passwordMaxLength),
  })
  .superRefine(
    confirmMatches<{ newPassword: string; confirmNewPassword: string }>('newPassword', 'confirmNewPassword'),
  );
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** PUT customers/{uuid}/password. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1).max(1024),
    newPassword: newPasswordSchema,
    confirmNewPassword: z.string().min(1).max(passwordMaxLength),
  })
  .superRefine(
    confirmMatches<{ newPassword: string; confirmNewPassword: string }>('newPassword', 'confirmNewPassword'),
  );
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Changing the e-mail address: the new address, the password, and the code when two-factor is on. */
export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema,
  password: z.string().min(1).max(1024),
  code: z.string().trim().max(32).optional(),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
