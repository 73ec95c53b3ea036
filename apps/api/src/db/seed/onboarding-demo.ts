import { randomUUID } from 'node:crypto';
import { platformToday } from '@token/domain/calendar';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSecretBox } from '../../crypto/secrets.ts';
import { sandboxKeyPurpose } from '../../partners/custody/sandbox/sandbox-custody.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import type { Tx } from '../client.ts';
import { customers, sandboxCustodyWallets, wallets } from '../schema/index.ts';
import { DEMO_PASSWORD } from './content/investors.ts';
import {
  seedAddress,
  seedCustomerDocument,
  seedGradedQuestionnaire,
  seedIdentification,
  seedInvestor,
  seedUboUser,
} from './factories.ts';

/**
 * The demo people at every stage of onboarding (issue 7, listed in the README): one in the middle of
 * the self-disclosure, one waiting for the compliance review, one approved with a custody wallet who
 * may buy, a second approved one who can receive his transfers (issue 16), a company with
 * representatives, a beneficial owner and documents, one asked for more information, and one banned. Outside production only (known passwords), like the demo investors.
 */
export const onboardingDemoPeople = {
  midway: 'lena.hoffmann@demo.tokenwerk.example',
  inReview: 'max.keller@demo.tokenwerk.example',
  approved: 'jonas.wagner@demo.tokenwerk.example',
  receiver: 'clara.neumann@demo.tokenwerk.example',
  company: 'sophie.schulz@demo.tokenwerk.example',
  followUp: 'paul.richter@demo.tokenwerk.example',
  banned: 'tim.bauer@demo.tokenwerk.example',
} as const;

type Person = { salutation: 'ms' | 'mr'; firstName: string; lastName: string; city: string };

/** The personal profile of spec 3, filled in (valid IBANs of the ISO 13616 test range, real BICs). */
function personalProfile(p: Person, n: number) {
  return {
    salutation: p.salutation,
    firstName: p.firstName,
    lastName: p.lastName,
    birthDate: `198${n}-0${(n % 9) + 1}-1${n}`,
    birthCity: p.city,
    birthCountry: 'DE',
    nationality: 'DE',
    mobileNumber: `+4915112345${60 + n}`,
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: `${p.firstName} ${p.lastName}`,
    bankCountry: 'DE',
    bankCurrency: 'EUR',
  };
}

/** The answers of the appropriateness test of a customer who knows bonds and crypto securities. */
async function answerAdequacy(tx: Tx, customerId: number) {
  await seedGradedQuestionnaire(tx, { customerId, type: 'optional', answer: 1 });
  await seedGradedQuestionnaire(tx, { customerId, type: 'wphg_bonds', answer: 'best' });
  await seedGradedQuestionnaire(tx, { customerId, type: 'wphg_crypto', answer: 'best' });
}

/**
 * A custodial wallet held by the sandbox custodian, as if opened through it: a real key pair, the
 * private key sealed in the custodian's own table, the address in the customer's wallets.
 */
async function seedSandboxCustodyWallet(tx: Tx, opts: { customerId: number; appSecret: string }) {
  const privateKey = generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address;
  const id = randomUUID();
  await tx.insert(sandboxCustodyWallets).values({
    id,
    reference: String(opts.customerId),
    address,
    encryptedPrivateKey: createSecretBox(opts.appSecret, sandboxKeyPurpose).seal(privateKey),
    registrarStatus: 'approved',
  });
  await tx.insert(wallets).values({
    customerId: opts.customerId,
    type: 'custody',
    name: 'Verwahrungs-Wallet',
    address,
    defaultWallet: true,
    provider: 'sandbox',
    externalId: id,
  });
}

/** Everything of a natural person's onboarding: the identification, then the custody wallet (decision 032). */
async function completeOnboarding(tx: Tx, customerId: number, appSecret: string) {
  await answerAdequacy(tx, customerId);
  await seedIdentification(tx, { customerId, state: 'approved', partnerResult: 'SUCCESS' });
  await seedSandboxCustodyWallet(tx, { customerId, appSecret });
}

export async function seedOnboardingDemo(
  tx: Tx,
  opts: { appSecret: string; storage: StoragePort },
): Promise<void> {
  const { appSecret } = opts;
  const investor = (
    email: string,
    p: Person,
    n: number,
    extra: Partial<typeof customers.$inferInsert> = {},
  ) =>
    seedInvestor(tx, {
      appSecret,
      password: DEMO_PASSWORD,
      email,
      locale: 'de',
      referralCode: `DEMO${n}ONB`,
      ...personalProfile(p, n),
      notPep: true,
      actingOnOwnAccount: true,
      address: { street: `Musterweg ${n}`, postcode: '10115', city: p.city, countryCode: 'DE' },
      ...extra,
    });

  // The approved investor who may buy (two-factor on: transfers need it): Jonas Wagner of the demo
  // investors, his onboarding completed.
  const [jonas] = await tx.select().from(customers).where(eq(customers.email, onboardingDemoPeople.approved));
  if (jonas) {
    await tx
      .update(customers)
      .set({
        ...personalProfile({ salutation: 'mr', firstName: 'Jonas', lastName: 'Wagner', city: 'Hamburg' }, 1),
        mobileNumber: jonas.mobileNumber,
        notPep: true,
        actingOnOwnAccount: true,
        status: 'approved',
        cryptoRegistrarStatus: 'approved',
      })
      .where(eq(customers.id, jonas.id));
    await completeOnboarding(tx, jonas.id, appSecret);
  }

  // A second approved investor (German, two-factor off) to whom Jonas can transfer tokens (issue 16):
  // onboarded as Jonas is, custody wallet included.
  const clara = await investor(
    onboardingDemoPeople.receiver,
    { salutation: 'ms', firstName: 'Clara', lastName: 'Neumann', city: 'Berlin' },
    7,
    { status: 'approved', cryptoRegistrarStatus: 'approved' },
  );
  await completeOnboarding(tx, clara.id, appSecret);

  // In the middle: personal data and PEP given, the appropriateness test still to answer.
  await investor(
    onboardingDemoPeople.midway,
    { salutation: 'ms', firstName: 'Lena', lastName: 'Hoffmann', city: 'Leipzig' },
    2,
  );

  // Waiting for the compliance review: everything done, not yet approved.
  const max = await investor(
    onboardingDemoPeople.inReview,
    { salutation: 'mr', firstName: 'Max', lastName: 'Keller', city: 'München' },
    3,
    { status: 'requested', cryptoRegistrarStatus: 'approved' },
  );
  await completeOnboarding(tx, max.id, appSecret);

  // Asked for more information by compliance.
  const paul = await investor(
    onboardingDemoPeople.followUp,
    { salutation: 'mr', firstName: 'Paul', lastName: 'Richter', city: 'Köln' },
    4,
    {
      status: 'follow_up',
      cryptoRegistrarStatus: 'approved',
      followUpMessage:
        'Bitte senden Sie uns einen aktuellen Nachweis Ihrer Anschrift (z. B. eine Meldebescheinigung, nicht älter als 3 Monate).',
    },
  );
  await completeOnboarding(tx, paul.id, appSecret);

  // Banned (the crypto registrar refused the holder).
  const tim = await investor(
    onboardingDemoPeople.banned,
    { salutation: 'mr', firstName: 'Tim', lastName: 'Bauer', city: 'Dortmund' },
    5,
    { status: 'banned', cryptoRegistrarStatus: 'rejected' },
  );
  await answerAdequacy(tx, tim.id);

  // A company: company data, representatives, a beneficial owner and the register documents; next
  // comes the appropriateness test.
  const sophie = await seedInvestor(tx, {
    appSecret,
    password: DEMO_PASSWORD,
    email: onboardingDemoPeople.company,
    locale: 'de',
    referralCode: 'DEMO6ONB',
    accountType: 'company',
    companyName: 'Hanse Solar GmbH',
    companyType: 'limited_liability_company',
    taxNumber: '27/123/45678',
    vatNumber: 'DE123456789',
    registryNumber: 'HRB 123456',
    court: 'Amtsgericht Hamburg',
    foundingDate: '2015-03-02',
    ...personalProfile({ salutation: 'ms', firstName: 'Sophie', lastName: 'Schulz', city: 'Hamburg' }, 6),
    beneficiary: 'Hanse Solar GmbH',
    bankName: 'Hamburger Sparkasse',
    iban: 'DE02200505501015871393',
    bic: 'HASPDEHHXXX',
    notPep: true,
    actingOnOwnAccount: true,
    address: { street: 'Große Elbstraße 145', postcode: '22767', city: 'Hamburg', countryCode: 'DE' },
  });
  await seedAddress(tx, {
    customerId: sophie.id,
    kind: 'company',
    firstName: 'Sophie',
    lastName: 'Schulz',
    company: 'Hanse Solar GmbH',
    street: 'Große Elbstraße 145',
    postcode: '22767',
    city: 'Hamburg',
  });
  await seedUboUser(tx, {
    customerId: sophie.id,
    isUser: true,
    roles: [70],
    firstName: 'Sophie',
    lastName: 'Schulz',
    birthDate: '1986-07-16',
    birthPlace: 'Hamburg',
    representativeRoles: ['managing_director'],
    memberOfRepresentativeBody: true,
  });
  await seedUboUser(tx, {
    customerId: sophie.id,
    roles: [60],
    firstName: 'Henrik',
    lastName: 'Jansen',
    birthDate: '1968-11-03',
    birthPlace: 'Kiel',
    equityShares: 6000,
    votingShares: 6000,
    representativeRoles: ['shareholder', 'beneficial_owner'],
  });
  const today = platformToday();
  for (const purpose of [
    'commercial_register_excerpt',
    'shareholder_list',
    'shareholder_agreement',
    'transparency_register_excerpt',
  ] as const) {
    await seedCustomerDocument(tx, {
      customerId: sophie.id,
      purpose,
      issuedAt: today,
      storage: opts.storage,
    });
  }
}
