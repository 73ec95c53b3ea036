import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { platformToday } from '@token/domain/calendar';
import { generate } from 'otplib';
import { logInWithForm, signUpVerified } from './accounts.ts';
import { expectAccessible } from './fixtures.ts';

/*
 * Helpers of the onboarding journeys (issue 7): the demo people, logins (with the operator's
 * two-factor codes), sessions handed to a browser without the login form, real PDFs, and API
 * shortcuts that put a fresh customer into a state of the onboarding quickly, as the customer's own
 * calls would (every shortcut goes through the public API, never the database).
 */

const shop = '/api/v2/shop';
const admin = '/api/v2/admin';

/** The demo data's password of every demo person (README "Demo accounts"). */
export const demoPassword = 'Tokenwerk-Demo-2026!';

/** The demo operator of the compliance review: role admin, two-factor on. */
export const demoOperator = {
  email: 'compliance@demo.tokenwerk.example',
  password: demoPassword,
  totpSecret: 'X4DBOM7K7K3APP2ORTV5NZDJLLWEH7UZ',
  fullName: 'Clara Hoffmann',
} as const;

/** The demo people at every stage of the onboarding (README "Demo accounts"). */
export const demoPeople = {
  fresh: { email: 'anna.becker@demo.tokenwerk.example', password: demoPassword },
  midway: { email: 'lena.hoffmann@demo.tokenwerk.example', password: demoPassword },
  inReview: { email: 'max.keller@demo.tokenwerk.example', password: demoPassword },
  company: { email: 'sophie.schulz@demo.tokenwerk.example', password: demoPassword },
  followUp: { email: 'paul.richter@demo.tokenwerk.example', password: demoPassword },
  banned: { email: 'tim.bauer@demo.tokenwerk.example', password: demoPassword },
} as const;

export type Credentials = { email: string; password: string };

// ---------------------------------------------------------------------------------------------
// Two-factor codes

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A TOTP code nobody has used yet, as an authenticator app shows it. The API accepts each 30-second
 * step once (and one step of drift either side), and the journeys run in two worker processes that
 * may log the same operator in at the same time; so the steps are claimed across processes (an
 * atomic `mkdir` per step, under the server's address) and never handed out twice. When the current
 * and the next step are both taken, it waits for the clock.
 */
export async function freshTotpCode(
  secret: string,
  scope = process.env.E2E_LOGIN_HOME_URL ?? '',
): Promise<string> {
  const key = createHash('sha256').update(`${scope}|${secret}`).digest('hex').slice(0, 20);
  const dir = join(tmpdir(), 'token-e2e-totp', key);
  mkdirSync(dir, { recursive: true });
  for (;;) {
    const current = Math.floor(Date.now() / 30_000);
    const claimed = readdirSync(dir)
      .map(Number)
      .filter((n) => Number.isInteger(n));
    const step = Math.max(current, ...claimed.map((s) => s + 1));
    if (step <= current + 1) {
      try {
        mkdirSync(join(dir, String(step)));
        return await generate({ secret, epoch: step * 30 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        continue;
      }
    }
    await sleep(1_000);
  }
}

// ---------------------------------------------------------------------------------------------
// Logins and sessions

/** What POST authentication-token answers. */
export type Tokens = { token: string; refresh_token: string; customer: string };

/** A logged-in customer for API calls: the uuid and the bearer header. */
export type ApiSession = Tokens & { uuid: string; headers: { authorization: string } };

function sessionOf(tokens: Tokens): ApiSession {
  const uuid = tokens.customer.split('/').pop() ?? '';
  return { ...tokens, uuid, headers: { authorization: `Bearer ${tokens.token}` } };
}

/** Logs a customer in through the API (no two-factor). */
export async function apiLogIn(request: APIRequestContext, who: Credentials): Promise<ApiSession> {
  const res = await request.post(`${shop}/authentication-token`, {
    data: { email: who.email, password: who.password },
  });
  expect(res.status(), `login of ${who.email}: ${await res.text()}`).toBe(200);
  return sessionOf((await res.json()) as Tokens);
}

/**
 * Logs the demo operator in through the API with a fresh two-factor code. A code another worker
 * used first (same step) is refused once; then the next free step is tried.
 */
export async function apiLogInOperator(request: APIRequestContext): Promise<ApiSession> {
  for (let attempt = 1; ; attempt++) {
    const res = await request.post(`${shop}/authentication-token`, {
      data: {
        email: demoOperator.email,
        password: demoOperator.password,
        code: await freshTotpCode(demoOperator.totpSecret),
      },
    });
    if (res.status() === 200) return sessionOf((await res.json()) as Tokens);
    const body = await res.text();
    if (attempt >= 3 || !body.includes('two_factor_invalid')) {
      throw new Error(`operator login failed (${res.status()}): ${body}`);
    }
  }
}

/** The session as the web app keeps it in localStorage (lib/session-store.ts `StoredSession`). */
function storedSessionOf(tokens: Tokens) {
  const claims = JSON.parse(Buffer.from(tokens.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sid: string;
    sub: string;
    exp: number;
    iat: number;
  };
  const now = Date.now();
  return {
    id: claims.sid,
    uuid: claims.sub,
    token: tokens.token,
    refreshToken: tokens.refresh_token,
    expiration: now + (claims.exp - claims.iat) * 1000,
    customerId: tokens.customer,
    startedAt: now,
    lastUsedAt: now,
  };
}

/**
 * Hands an API session to a browser context, as if its login form had been used: the next page
 * load starts logged in. Written once per context (a later refresh or logout is the app's own).
 */
export async function startBrowserSession(target: BrowserContext | Page, session: ApiSession) {
  await target.addInitScript((stored) => {
    if (localStorage.getItem('e2e-session-handed') === stored.id) return;
    localStorage.setItem('session', JSON.stringify(stored));
    localStorage.setItem('e2e-session-handed', stored.id);
  }, storedSessionOf(session));
}

/**
 * The operator's login as a person does it: e-mail and password, then the code of the
 * authenticator app (a code refused because another worker used it first is typed again).
 */
export async function logInOperatorWithForm(page: Page, locale: 'de' | 'en' = 'de') {
  const de = locale === 'de';
  await logInWithForm(page, demoOperator, locale);
  await expect(page).toHaveURL(/\/login\/2fa/);
  const field = page.getByLabel(de ? 'Bestätigungscode' : 'Verification code');
  for (let attempt = 1; ; attempt++) {
    await field.fill(await freshTotpCode(demoOperator.totpSecret));
    await page.getByRole('button', { name: de ? 'Bestätigen und anmelden' : 'Verify and log in' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 }).then(() => 'in'),
      expect(field)
        .toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 })
        .then(() => 'refused'),
    ]);
    if (outcome === 'in') return;
    if (attempt >= 3) throw new Error('the operator two-factor code was refused three times');
  }
}

// ---------------------------------------------------------------------------------------------
// Real PDF documents

/** Serialises PDF objects (numbered from 1, the first the catalogue) with their cross-reference table. */
function assemblePdf(objects: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** An unreferenced binary stream object of `length` bytes (ignored by readers, counted in the size). */
function fillerObject(length: number): Buffer {
  const filler = Buffer.alloc(length);
  for (let i = 0; i < length; i++) filler[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([
    Buffer.from(`<< /Length ${length} >>\nstream\n`),
    filler,
    Buffer.from('\nendstream'),
  ]);
}

/**
 * A real, well-formed PDF 1.4 (one A4 page with a heading, a valid cross-reference table), as the
 * register documents a company uploads. `padTo` makes the file exactly that many bytes with an
 * unreferenced binary stream (for watching an upload's progress).
 */
export function pdfDocument(title: string, opts: { padTo?: number } = {}): Buffer {
  const text = title.replace(/[()\\]/g, (c) => `\\${c}`);
  const content = `BT /F1 18 Tf 72 770 Td (${text}) Tj ET\nBT /F1 11 Tf 72 745 Td (Tokenwerk e2e) Tj ET`;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.from(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const plain = assemblePdf(objects);
  if (!opts.padTo || opts.padTo <= plain.length + 100) return plain;
  // the filler's own framing and the grown numbers take a few bytes: settle the length in two passes
  let length = opts.padTo - plain.length;
  for (let pass = 0; pass < 3; pass++) {
    const size = assemblePdf([...objects, fillerObject(length)]).length;
    if (size === opts.padTo) break;
    length += opts.padTo - size;
  }
  return assemblePdf([...objects, fillerObject(length)]);
}

/** The register documents of spec 5 a company uploads, in the order of the documents page. */
export const registerDocuments = [
  { purpose: 'commercial_register_excerpt', type: 'registry_excerpt', file: 'handelsregisterauszug.pdf' },
  { purpose: 'shareholder_list', type: 'ubo', file: 'gesellschafterliste.pdf' },
  { purpose: 'shareholder_agreement', type: 'ubo', file: 'gesellschaftsvertrag.pdf' },
  { purpose: 'transparency_register_excerpt', type: 'ubo', file: 'transparenzregisterauszug.pdf' },
] as const;

/** The platform's today (Berlin) as `YYYY-MM-DD`: the date input's value the API judges by (decision 012). */
export function todayIso(): string {
  return platformToday();
}

// ---------------------------------------------------------------------------------------------
// API shortcuts: a fresh customer in a given state of the onboarding

/** Fails with the answer's body when a shortcut's call is refused. */
async function ok(res: import('@playwright/test').APIResponse, what: string) {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** The customer record (GET customers/{uuid}), including `onboarding`. */
export async function customerRecord(request: APIRequestContext, s: ApiSession) {
  return ok(
    await request.get(`${shop}/customers/${s.uuid}`, {
      headers: { ...s.headers, accept: 'application/json' },
    }),
    'GET customer',
  ) as Promise<
    {
      uuid: string;
      followUpMessage: string | null;
      status: string | null;
      kycPassed: boolean;
      onboarding: {
        nextRoute: string | null;
        steps: { step: string; state: string }[];
        banner: string | null;
      };
    } & Record<string, unknown>
  >;
}

/** A person's details used by the shortcuts (valid IBAN/BIC of the ISO test range, E.164 mobile). */
export const samplePerson = {
  salutation: 'ms',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthDate: '1984-05-17',
  birthCity: 'Köln',
  birthCountry: 'DE',
  nationality: 'DE',
  mobileNumber: '+4915123456789',
  street: 'Domstraße 12',
  postcode: '50668',
  city: 'Köln',
  countryCode: 'DE',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
} as const;

/** Personal data (spec 3 profile; bank data for a personal account) and the personal address. */
export async function givePersonalData(
  request: APIRequestContext,
  s: ApiSession,
  opts: { accountType: 'personal' | 'company'; firstName: string; lastName: string },
) {
  const p = samplePerson;
  await ok(
    await request.post(`${shop}/addresses`, {
      headers: s.headers,
      data: {
        kind: 'personal',
        firstName: opts.firstName,
        lastName: opts.lastName,
        street: p.street,
        postcode: p.postcode,
        city: p.city,
        countryCode: p.countryCode,
      },
    }),
    'POST addresses (personal)',
  );
  await ok(
    await request.put(`${shop}/customers/${s.uuid}`, {
      headers: s.headers,
      data: {
        salutation: p.salutation,
        firstName: opts.firstName,
        lastName: opts.lastName,
        birthDate: p.birthDate,
        birthCity: p.birthCity,
        birthCountry: p.birthCountry,
        nationality: p.nationality,
        mobileNumber: p.mobileNumber,
        ...(opts.accountType === 'personal'
          ? {
              iban: p.iban,
              bic: p.bic,
              bankName: p.bankName,
              beneficiary: `${opts.firstName} ${opts.lastName}`,
              bankCountry: 'DE',
              bankCurrency: 'EUR',
            }
          : {}),
      },
    }),
    'PUT customers (personal data)',
  );
}

/** The PEP page's declaration: not a PEP, acting on one's own account. */
export async function declareNotPep(request: APIRequestContext, s: ApiSession) {
  await ok(
    await request.put(`${shop}/customers/${s.uuid}`, {
      headers: s.headers,
      data: { notPep: true, actingOnOwnAccount: true },
    }),
    'PUT customers (PEP)',
  );
}

/** Company data (PUT companies/{uuid}) and the company's seat (POST addresses, kind company). */
export async function giveCompanyData(
  request: APIRequestContext,
  s: ApiSession,
  opts: { companyName: string; firstName: string; lastName: string },
) {
  await ok(
    await request.post(`${shop}/addresses`, {
      headers: s.headers,
      data: {
        kind: 'company',
        firstName: opts.firstName,
        lastName: opts.lastName,
        company: opts.companyName,
        street: 'Am Sandtorkai 50',
        postcode: '20457',
        city: 'Hamburg',
        countryCode: 'DE',
      },
    }),
    'POST addresses (company)',
  );
  await ok(
    await request.put(`${shop}/companies/${s.uuid}`, {
      headers: s.headers,
      data: {
        companyName: opts.companyName,
        companyType: 'limited_liability_company',
        taxnumber: '43/815/08150',
        vatNumber: 'DE811569869',
        registryNumber: 'HRB 178021',
        court: 'Amtsgericht Hamburg',
        foundingDate: '2019-04-01',
        iban: 'DE02200505501015871393',
        bic: 'HASPDEHHXXX',
        bankName: 'Hamburger Sparkasse',
        beneficiary: opts.companyName,
        bankCountry: 'DE',
        bankCurrency: 'EUR',
      },
    }),
    'PUT companies',
  );
}

/** The user as managing director (legal representative, role 70) and a beneficial owner with 60 %. */
export async function giveRepresentativesAndOwner(request: APIRequestContext, s: ApiSession) {
  const me = (await ok(
    await request.post(`${shop}/ubo-users/representative`, { headers: s.headers, data: {} }),
    'POST ubo-users/representative',
  )) as { id: number };
  await ok(
    await request.patch(`${shop}/ubo-users/${me.id}`, {
      headers: { ...s.headers, 'content-type': 'application/merge-patch+json' },
      data: {
        roles: [70],
        birthdate: samplePerson.birthDate,
        birthplace: samplePerson.birthCity,
        nationality: 'DE',
        street: samplePerson.street,
        postcode: samplePerson.postcode,
        city: samplePerson.city,
        country: 'DE',
        representativeRoles: ['managing_director'],
        memberOfRepresentativeBody: true,
      },
    }),
    'PATCH ubo-users (the user as managing director)',
  );
  await ok(
    await request.patch(`${shop}/ubo-users/${me.id}/representative`, {
      headers: { ...s.headers, 'content-type': 'application/merge-patch+json' },
      data: {},
    }),
    'PATCH ubo-users/representative',
  );
  await ok(
    await request.post(`${shop}/ubo-users`, {
      headers: s.headers,
      data: {
        type: 'natural',
        roles: [60],
        firstName: 'Henrik',
        lastName: 'Jansen',
        birthdate: '1968-11-03',
        birthplace: 'Kiel',
        nationality: 'DE',
        street: 'Holtenauer Straße 12',
        postcode: '24105',
        city: 'Kiel',
        country: 'DE',
        equityShares: 60,
        votingShares: 60,
        representativeRoles: ['shareholder', 'beneficial_owner'],
      },
    }),
    'POST ubo-users (beneficial owner)',
  );
}

/** Uploads one document (POST customer-documents, multipart) as a real PDF. */
export async function uploadDocument(
  request: APIRequestContext,
  s: ApiSession,
  doc: { purpose: string; type: string; file: string },
) {
  return ok(
    await request.post(`${shop}/customer-documents`, {
      headers: s.headers,
      multipart: {
        type: doc.type,
        purpose: doc.purpose,
        issuedAt: todayIso(),
        file: { name: doc.file, mimeType: 'application/pdf', buffer: pdfDocument(doc.file) },
      },
    }),
    `POST customer-documents (${doc.purpose})`,
  ) as Promise<{ id: number; file: { uuid: string; name: string } }>;
}

/** A fresh personal account, e-mail confirmed and logged in through the API. */
export async function freshPersonalCustomer(
  request: APIRequestContext,
  name: { firstName: string; lastName: string },
) {
  const who = await signUpVerified(request, { ...name, accountType: 'personal' });
  return { who, session: await apiLogIn(request, who) };
}

/** A fresh company account, e-mail confirmed and logged in through the API. */
export async function freshCompanyCustomer(
  request: APIRequestContext,
  name: { firstName: string; lastName: string; companyName: string },
) {
  const who = await signUpVerified(request, {
    ...name,
    accountType: 'company',
    companyType: 'limited_liability_company',
  });
  return { who, session: await apiLogIn(request, who) };
}

/**
 * A company through its whole self-disclosure of the first half: company data, personal data, PEP,
 * the user as managing director, a beneficial owner with 60 %, the four register documents. The
 * server then names the appropriateness test as the next step.
 */
export async function companyThroughDocuments(
  request: APIRequestContext,
  name: { firstName: string; lastName: string; companyName: string },
) {
  const c = await freshCompanyCustomer(request, name);
  await giveCompanyData(request, c.session, name);
  await givePersonalData(request, c.session, { accountType: 'company', ...name });
  await declareNotPep(request, c.session);
  await giveRepresentativesAndOwner(request, c.session);
  for (const doc of registerDocuments) await uploadDocument(request, c.session, doc);
  const record = await customerRecord(request, c.session);
  expect(record.onboarding.nextRoute).toBe('/self-disclosure/adequacy-optional');
  return c;
}

/** POST answered-questionnaires: the server grades the answers (`{questionId: optionId | true}`). */
export async function answerQuestionnaire(
  request: APIRequestContext,
  s: ApiSession,
  input: { type: string; answers: Record<string, string | boolean>; acknowledgeWarnings?: boolean },
) {
  return ok(
    await request.post(`${shop}/answered-questionnaires`, {
      headers: { ...s.headers, accept: 'application/json' },
      data: input,
    }),
    `POST answered-questionnaires (${input.type})`,
  ) as Promise<{ id: number; result: string; grade: number }>;
}

/**
 * The appropriateness steps of a customer who declines to answer (optional 0, the "cannot be
 * judged" notice acknowledged) and then confirms every risk statement (spec 4: the risk test passed).
 */
export async function declineAdequacyAndConfirmRisks(request: APIRequestContext, s: ApiSession) {
  await answerQuestionnaire(request, s, {
    type: 'optional',
    answers: { participation: 'decline' },
    acknowledgeWarnings: true,
  });
  const risk = (await ok(
    await request.get(`${shop}/questionnaires/risk?locale=de`, { headers: { accept: 'application/json' } }),
    'GET questionnaires/risk',
  )) as { sections: { questions: { id: string; kind: string }[] }[] };
  const statements = risk.sections
    .flatMap((section) => section.questions)
    .filter((q) => q.kind === 'statement');
  expect(statements.length).toBeGreaterThan(0);
  await answerQuestionnaire(request, s, {
    type: 'risk',
    answers: Object.fromEntries(statements.map((q) => [q.id, true])),
  });
}

/** POST wallets: the custodial wallet from the sandbox custodian (201 with its address). */
export async function openCustodyWallet(request: APIRequestContext, s: ApiSession) {
  return ok(
    await request.post(`${shop}/wallets`, {
      headers: { ...s.headers, accept: 'application/json' },
      data: { type: 'custody', defaultWallet: true, name: 'Verwahrungs-Wallet' },
    }),
    'POST wallets',
  ) as Promise<{ id: number; address: string }>;
}

/**
 * A natural person with everything of the self-disclosure before the identification: personal
 * data, PEP, the appropriateness steps (declined, risks confirmed). The server then names the
 * identification (KYC) as the next step; the custody wallet follows it (decision 032).
 */
export async function personAtIdentification(
  request: APIRequestContext,
  name: { firstName: string; lastName: string },
) {
  const c = await freshPersonalCustomer(request, name);
  await givePersonalData(request, c.session, { accountType: 'personal', ...name });
  await declareNotPep(request, c.session);
  await declineAdequacyAndConfirmRisks(request, c.session);
  const record = await customerRecord(request, c.session);
  expect(record.onboarding.nextRoute).toBe('/self-disclosure/kyc');
  return c;
}

// ---------------------------------------------------------------------------------------------
// Identification in the sandbox partner

export type Identification = {
  id: number;
  state: string;
  stateAsString: string;
  urlKycStart: string;
  provider: string;
};

/** POST identification/start as the customer: the identification with the partner's link. */
export async function startIdentification(
  request: APIRequestContext,
  s: ApiSession,
): Promise<Identification> {
  const res = await request.post(`${shop}/identification/start`, {
    headers: { ...s.headers, accept: 'application/json' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** GET identification?page=1&itemsPerPage=1: the customer's latest identification. */
export async function latestIdentification(
  request: APIRequestContext,
  s: ApiSession,
): Promise<Identification | null> {
  const res = await request.get(`${shop}/identification?page=1&itemsPerPage=1`, {
    headers: { ...s.headers, accept: 'application/json' },
  });
  expect(res.status()).toBe(200);
  const list = (await res.json()) as Identification[];
  return list[0] ?? null;
}

/**
 * Plays the sandbox partner's page without a browser, as its forms do: each action posts the
 * form token of the case's current state (read from the page) and is answered with a redirect.
 */
export async function playSandboxCase(request: APIRequestContext, urlKycStart: string, actions: string[]) {
  const path = new URL(urlKycStart).pathname;
  for (const action of actions) {
    const page = await (await request.get(path)).text();
    const token = /name="token" value="([0-9a-f]{40})"/.exec(page)?.[1];
    expect(token, `the sandbox page offers no form for ${action}`).toBeTruthy();
    const res = await request.post(`${path}/actions`, {
      form: { token: token!, action },
      maxRedirects: 0,
    });
    expect(res.status(), `sandbox action ${action}`).toBe(303);
  }
}

/** Waits until the partner's webhook has arrived and the latest identification has this state. */
export async function waitForIdentificationState(
  request: APIRequestContext,
  s: ApiSession,
  state: string,
  timeout = 20_000,
) {
  await expect
    .poll(async () => (await latestIdentification(request, s))?.stateAsString, {
      timeout,
      intervals: [500, 1_000],
    })
    .toBe(state);
}

/**
 * A company through the documents and identified by the sandbox partner (SUCCESS): its identity is
 * confirmed, so it waits in the compliance queue ("onboarding complete") and may be approved.
 */
export async function companyWaitingForReview(
  request: APIRequestContext,
  name: { firstName: string; lastName: string; companyName: string },
) {
  const c = await companyThroughDocuments(request, name);
  // the review queue lists a customer once every step of the gate is done (awaitsComplianceReview)
  await declineAdequacyAndConfirmRisks(request, c.session);
  const identification = await startIdentification(request, c.session);
  await playSandboxCase(request, identification.urlKycStart, ['start_call', 'SUCCESS']);
  await waitForIdentificationState(request, c.session, 'approved');
  await expect.poll(async () => (await customerRecord(request, c.session)).kycPassed).toBe(true);
  // decision 032: the custody wallet once the identification passed
  await openCustodyWallet(request, c.session);
  return c;
}

// ---------------------------------------------------------------------------------------------
// The operator's API

/** POST admin/customers/{uuid}/follow-up: more information needed, with the message to the customer. */
export async function requestFollowUp(
  request: APIRequestContext,
  operator: ApiSession,
  uuid: string,
  input: { message: string; reason: string },
) {
  return ok(
    await request.post(`${admin}/customers/${uuid}/follow-up`, {
      headers: { ...operator.headers, accept: 'application/json' },
      data: input,
    }),
    'POST admin follow-up',
  );
}

// ---------------------------------------------------------------------------------------------
// Screenshots

/**
 * Where the onboarding screenshots go: beside the other screenshot specs' (SHOTS_DIR, else
 * apps/web/screenshots/, git-ignored), in a folder of their own.
 */
export const onboardingShotsDir = join(
  process.env.SHOTS_DIR ?? join(import.meta.dirname, '..', '..', 'screenshots'),
  'onboarding',
);

/**
 * A full-page screenshot of the page as it is, for a person to look at, after the checks every
 * screenshot spec makes: nothing sticks out sideways, no serious or critical axe violation (`axe:
 * false` skips axe where the same markup was already checked in the other language;
 * `fullPage: false` keeps a dialog's overlay over the whole picture).
 */
export async function shoot(
  page: Page,
  name: string,
  locale: 'de' | 'en',
  width: number,
  opts: { axe?: boolean; fullPage?: boolean } = {},
) {
  // the callers wait for the page's own content; the web fonts must have arrived too
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the viewport at ${width} px`).toBeLessThanOrEqual(0);
  if (opts.axe ?? true) await expectAccessible(page, `${name} (${locale}, ${width} px)`);
  const fullPage = opts.fullPage ?? true;
  // the sticky header would repeat in the middle of a full-page picture
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(onboardingShotsDir, `${name}-${locale}-${width}.png`), fullPage });
}
