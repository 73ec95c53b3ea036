import { randomInt } from 'node:crypto';
import {
  type CompanySignUpInput,
  type CustomerView,
  type LoginInput,
  normalizeEmail,
  resetTokenTtlMs,
  type SignUpInput,
  verificationTokenTtlMs,
} from '@token/domain/accounts';
import { AppError } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { migrationStates, type OnboardingView } from '@token/domain/onboarding';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secrets.ts';
import { hashToken, randomToken } from '../../crypto/secrets.ts';
import type { Database, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { accountTokens, customers } from '../../db/schema/index.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { loginFailures } from '../../observability/metrics.ts';
import { hasLegacyRecord } from '../migration/migration.service.ts';
import { getOnboarding } from '../onboarding/onboarding.service.ts';
import type { AccessTokens } from './access-tokens.ts';
import { greetingName, queueAccountMail } from './account-mail.service.ts';
import { describeDevice } from './devices.ts';
import { assertNotCommonPassword, hashPassword, verifyPassword } from './passwords.ts';
import { type Client, type IssuedTokens, openSession } from './sessions.service.ts';
import { accountLimits, assertBelowLimit, countAttempt, countFailure, resetCounter } from './throttles.ts';
import { checkSecondFactor } from './two-factor.service.ts';

type CustomerRow = typeof customers.$inferSelect;

/**
 * The record of spec 3 as services return it. `defaultWallet` is the address of the customer's
 * default wallet (`defaultWalletAddress`), which the row does not hold; null when there is none.
 */
export function toCustomerView(
  c: CustomerRow,
  publicUrl: string,
  beside: { defaultWallet: string | null; onboarding: OnboardingView; profileImage?: string | null },
): CustomerView {
  const { defaultWallet, onboarding } = beside;
  return {
    id: c.id,
    uuid: c.uuid,
    email: c.email,
    salutation: c.salutation,
    title: c.title,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName: [c.firstName, c.lastName].filter(Boolean).join(' '),
    profileName: c.profileName,
    profileDescription: c.profileDescription,
    profileImage: beside.profileImage ?? null,
    displayName: c.displayName,
    website: c.website,
    socialLinks: c.socialLinks as CustomerView['socialLinks'],
    mobileNumber: c.mobileNumber,
    accountType: c.accountType,
    companyName: c.companyName,
    companyType: c.companyType as CustomerView['companyType'],
    locale: c.locale,
    subscribedToNewsletter: c.subscribedToNewsletter,
    twoFactorEnabled: c.twoFactorEnabled,
    enabled2Fa: c.twoFactorEnabled,
    verified: c.verifiedAt !== null,
    customerRolesAsString: c.roles,
    status: c.status,
    cryptoRegistrarStatus: c.cryptoRegistrarStatus,
    kycPassed: c.kycPassed,
    tokenAmount: c.tokenAmount,
    referralCode: c.referralCode,
    referralLink: c.referralCode ? `${publicUrl}/sign-up/${c.referralCode}` : null,
    referralPartner: c.referralCommissionPerPaidOrder > 0 || c.referralCommissionPerRegisteredCustomer > 0,
    referralCommissionPerPaidOrder: c.referralCommissionPerPaidOrder,
    referralCommissionPerRegisteredCustomer: c.referralCommissionPerRegisteredCustomer,
    defaultAddressId: c.defaultAddressId,
    defaultWallet,
    createdAt: c.createdAt.toISOString(),
    birthDate: c.birthDate,
    birthday: c.birthDate,
    birthCity: c.birthCity,
    birthCountry: c.birthCountry,
    nationality: c.nationality,
    iban: c.iban,
    bic: c.bic,
    bankName: c.bankName,
    beneficiary: c.beneficiary,
    bankCountry: c.bankCountry,
    bankCurrency: c.bankCurrency,
    notPep: c.notPep,
    actingOnOwnAccount: c.actingOnOwnAccount,
    representativeConfirmation: c.representativeConfirmation,
    representative_role: c.representativeRole as CustomerView['representative_role'],
    paysChurchTax: c.paysChurchTax,
    ethAddress: c.ethAddress,
    taxnumber: c.taxNumber,
    vatNumber: c.vatNumber,
    registryNumber: c.registryNumber,
    court: c.court,
    foundingDate: c.foundingDate,
    migrationState: c.migrationState,
    migrationError: c.migrationError,
    followUpMessage: c.followUpMessage,
    onboarding,
  };
}

// Referral codes: 8 characters without look-alikes (0/O, 1/I/L), easy to read out and type.
const referralAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += referralAlphabet[randomInt(referralAlphabet.length)];
  return code;
}

/** Inserts a mailed one-time token and returns it in clear (only the link carries it). */
export async function issueAccountToken(
  db: Database | Tx,
  opts: {
    customerId: number;
    purpose: 'verify_email' | 'reset_password' | 'change_email';
    ttlMs: number;
    newEmail?: string;
    now?: Date;
  },
): Promise<string> {
  const token = randomToken();
  const now = opts.now ?? new Date();
  await db.insert(accountTokens).values({
    customerId: opts.customerId,
    purpose: opts.purpose,
    tokenHash: hashToken(token),
    newEmail: opts.newEmail ?? null,
    expiresAt: new Date(now.getTime() + opts.ttlMs),
    createdAt: now,
  });
  return token;
}

/**
 * Uses up a mailed token of a purpose: claiming it is the lock, so a link works exactly once.
 * Unknown, used and expired tokens answer `token_invalid`.
 */
export async function claimAccountToken(
  tx: Database | Tx,
  opts: { token: string; purpose: 'reset_password' | 'change_email'; now: Date },
): Promise<{ customerId: number; newEmail: string | null }> {
  const [claimed] = await tx
    .update(accountTokens)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(opts.token)),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
      ),
    )
    .returning({
      customerId: accountTokens.customerId,
      expiresAt: accountTokens.expiresAt,
      newEmail: accountTokens.newEmail,
    });
  if (!claimed || claimed.expiresAt <= opts.now) throw new AppError('token_invalid');
  return { customerId: claimed.customerId, newEmail: claimed.newEmail };
}

/** Issues a one-time token and mails its link (`/verify-email/…`, `/new-password/…`) to the customer. */
export async function mailAccountLink(
  tx: Database | Tx,
  ctx: MailContext,
  opts: {
    customer: Pick<CustomerRow, 'id' | 'email' | 'locale' | 'firstName' | 'lastName'>;
    purpose: 'verify_email' | 'reset_password';
    ttlMs: number;
    path: '/verify-email' | '/new-password';
  },
): Promise<void> {
  const token = await issueAccountToken(tx, {
    customerId: opts.customer.id,
    purpose: opts.purpose,
    ttlMs: opts.ttlMs,
  });
  await queueAccountMail(tx, ctx, {
    to: opts.customer.email,
    locale: opts.customer.locale,
    kind: opts.purpose,
    name: greetingName(opts.customer),
    params: { link: `${ctx.publicUrl}${opts.path}/${token}` },
  });
}

/**
 * Registers a customer (POST customers, POST companies): argon2id hash, own referral code, the
 * verification mail in the customer's language. The account can log in once the address is confirmed.
 */
export async function signUp(opts: {
  db: Database;
  mailCtx: MailContext;
  input: SignUpInput | CompanySignUpInput;
  locale: Locale;
  ip: string | null;
  /** Sign-ups from one IP address per hour (configuration; default `accountLimits.signUpsPerIp`). */
  signUpsPerIpPerHour?: number;
}): Promise<CustomerView> {
  const { db, input } = opts;
  const email = normalizeEmail(input.email);
  const company = 'companyName' in input ? input : null;
  await countAttempt(db, `signup|ip|${opts.ip ?? '-'}`, {
    ...accountLimits.signUpsPerIp,
    max: opts.signUpsPerIpPerHour ?? accountLimits.signUpsPerIp.max,
  });
  assertNotCommonPassword(input.password, 'password');

  let referredById: number | null = null;
  const referral = input.referralCode?.trim();
  if (referral) {
    const [ref] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.referralCode, referral.toUpperCase()));
    if (!ref) {
      throw new AppError('referral_code_invalid', {
        violations: [{ propertyPath: 'referralCode', code: 'referral_code_invalid' }],
      });
    }
    referredById = ref.id;
  }
  const passwordHash = await hashPassword(input.password);
  const locale = input.locale ?? opts.locale;

  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.email, email));
        if (existing) throw alreadySignedUp();
        if (company) await assertCompanyNameFree(tx, company.companyName);
        // spec 4: the former platform knows this address -> migration needed (PUT customers/migration).
        const legacy = await hasLegacyRecord({ db: tx, email });
        const [row] = await tx
          .insert(customers)
          .values({
            email,
            passwordHash,
            passwordChangedAt: new Date(),
            firstName: input.firstName,
            lastName: input.lastName,
            accountType: company ? 'company' : input.accountType,
            companyName: company?.companyName ?? null,
            companyType: company?.companyType ?? null,
            subscribedToNewsletter: input.subscribedToNewsletter ?? false,
            termsAcceptedAt: new Date(),
            locale,
            referralCode: newReferralCode(),
            referredById,
            migrationState: legacy ? migrationStates.needed : null,
          })
          .returning();
        await mailAccountLink(tx, opts.mailCtx, {
          customer: row!,
          purpose: 'verify_email',
          ttlMs: verificationTokenTtlMs,
          path: '/verify-email',
        });
        return toCustomerView(row!, opts.mailCtx.publicUrl, {
          defaultWallet: null,
          onboarding: await getOnboarding({ db: tx, customerId: row!.id }),
        });
      });
    } catch (err) {
      // Two sign-ups of one address at once: the unique index decides, the loser hears the same answer.
      if (isUniqueViolation(err, 'customers_email_unique')) throw alreadySignedUp();
      if (isUniqueViolation(err, 'customers_company_name_unique')) throw companyNameExists();
      if (isUniqueViolation(err, 'customers_referralCode_unique') && attempt < 3) continue;
      throw err;
    }
  }
}

function alreadySignedUp(): AppError {
  return new AppError('already_signed_up', {
    violations: [{ propertyPath: 'email', code: 'already_signed_up' }],
  });
}

export function companyNameExists(): AppError {
  return new AppError('company_name_exists', {
    violations: [{ propertyPath: 'companyName', code: 'company_name_exists' }],
  });
}

/** spec 8: 'The company name already exists' — compared without case. */
export async function assertCompanyNameFree(db: Database | Tx, name: string, exceptCustomerId?: number) {
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.companyName}) = lower(${name.trim()})`);
  if (taken && taken.id !== exceptCustomerId) throw companyNameExists();
}

/**
 * Confirms an address from the mailed link (PATCH account-verification-requests/{token}).
 * A used link of an already verified account answers `already_verified` (422).
 */
export async function verifyEmail(opts: {
  db: Database;
  token: string;
  now?: Date;
}): Promise<{ email: string }> {
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: accountTokens, verifiedAt: customers.verifiedAt, email: customers.email })
      .from(accountTokens)
      .innerJoin(customers, eq(customers.id, accountTokens.customerId))
      .where(
        and(eq(accountTokens.tokenHash, hashToken(opts.token)), eq(accountTokens.purpose, 'verify_email')),
      )
      .for('update');
    if (!row) throw new AppError('token_invalid');
    if (row.verifiedAt) throw new AppError('already_verified');
    if (row.token.usedAt || row.token.expiresAt <= now) throw new AppError('token_invalid');
    await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.token.id));
    await tx
      .update(customers)
      .set({ verifiedAt: now, updatedAt: now })
      .where(eq(customers.id, row.token.customerId));
    return { email: row.email };
  });
}

/** What each mailed-link request sends, and to whom (spec 7: account-verification and reset requests). */
const linkRequests = {
  // Only an account whose address is not confirmed yet gets a new verification link.
  verify_email: {
    ttlMs: verificationTokenTtlMs,
    path: '/verify-email',
    condition: isNull(customers.verifiedAt),
  },
  // Only an account that can log in with a password gets a reset link.
  reset_password: {
    ttlMs: resetTokenTtlMs,
    path: '/new-password',
    condition: isNotNull(customers.passwordHash),
  },
} as const;

/**
 * POST account-verification-requests and POST reset-password-requests: mails a new link when the
 * address has a matching account. Answers the same whether or not it has, so nobody learns which
 * addresses have accounts; limited per address and per IP.
 */
export async function requestAccountLink(opts: {
  db: Database;
  mailCtx: MailContext;
  purpose: keyof typeof linkRequests;
  email: string;
  ip: string | null;
}): Promise<void> {
  const email = normalizeEmail(opts.email);
  const request = linkRequests[opts.purpose];
  await countAttempt(opts.db, `mail-link|ip|${opts.ip ?? '-'}`, accountLimits.mailLinksPerIp);
  await countAttempt(opts.db, `mail-link|${opts.purpose}|${email}`, accountLimits.mailLinksPerAddress);
  await opts.db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.email, email), request.condition));
    if (!c) return;
    await mailAccountLink(tx, opts.mailCtx, {
      customer: c,
      purpose: opts.purpose,
      ttlMs: request.ttlMs,
      path: request.path,
    });
  });
}

/**
 * POST authentication-token. Wrong credentials and unconfirmed accounts get one and the same 401
 * (spec 8); with two-factor on, a missing code answers `two_factor_required`, a wrong one
 * `two_factor_invalid`. Failures count per account and per IP.
 */
export async function login(opts: {
  db: Database;
  tokens: AccessTokens;
  secretBox: SecretBox;
  mailCtx: MailContext;
  input: LoginInput;
  client: Client;
  now?: Date;
}): Promise<IssuedTokens> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  const email = normalizeEmail(opts.input.email);
  const accountKey = `login-fail|account|${email}`;
  const ipKey = `login-fail|ip|${opts.client.ip ?? '-'}`;
  await assertBelowLimit(db, accountKey, accountLimits.loginFailuresPerAccount);
  await assertBelowLimit(db, ipKey, accountLimits.loginFailuresPerIp);

  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  const passwordOk = await verifyPassword(customer?.passwordHash, opts.input.password);
  if (!customer || !passwordOk || !customer.verifiedAt) {
    await countFailure(db, accountKey, accountLimits.loginFailuresPerAccount);
    await countFailure(db, ipKey, accountLimits.loginFailuresPerIp);
    loginFailures.inc({ reason: 'bad_credentials' });
    throw new AppError('bad_credentials');
  }
  if (customer.twoFactorEnabled) {
    const code = opts.input.code?.trim();
    if (!code) throw new AppError('two_factor_required');
    await checkSecondFactor({ db, secretBox: opts.secretBox, customerId: customer.id, code, now }).catch(
      (err: unknown) => {
        if (err instanceof AppError && err.code === 'two_factor_invalid') {
          loginFailures.inc({ reason: 'two_factor_invalid' });
        }
        throw err;
      },
    );
  }
  await resetCounter(db, accountKey);
  return db.transaction(async (tx) => {
    const issued = await openSession({
      db: tx,
      tokens: opts.tokens,
      customer,
      client: opts.client,
      // with two-factor on, the code was checked above
      secondFactorPassed: customer.twoFactorEnabled,
      now,
    });
    if (issued.isNewDevice) {
      await queueAccountMail(tx, opts.mailCtx, {
        to: customer.email,
        locale: customer.locale,
        kind: 'new_sign_in',
        name: greetingName(customer),
        params: { device: describeDevice(opts.client.userAgent), ip: opts.client.ip, at: now },
      });
    }
    return issued;
  });
}
