import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredQuestionnaires } from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword, uniqueIp } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

type Investor = { id: number; uuid: string; token: string; api: ReturnType<typeof shop> };

/** A confirmed investor, logged in, calling from its own IP (rate limits stay apart). */
async function investor(): Promise<Investor> {
  const row = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { id: row.id, uuid: row.uuid, token, api: shop(t.app, token, uniqueIp()) };
}

const shopBase = '/api/v2/shop';

/** Bonds answers worth 8 points: every knowledge question right (7) and another degree (1). */
const bondsAppropriate = {
  bond_transactions_3y: 'none',
  subordinated_transactions_3y: 'none',
  bond_volume_5y: 'none',
  bond_experience_period: 'never',
  issuer_default: 'loss_possible',
  subordination: 'paid_after_other_creditors',
  sale_before_maturity: 'buyer_needed',
  interest_rate_change: 'price_falls',
  education: 'other_degree',
  profession: 'no',
};
/** The same but without the degree: 7 points, the threshold, so not appropriate. */
const bondsAtThreshold = { ...bondsAppropriate, education: 'none' };

const cryptoNovice = {
  crypto_transactions_3y: 'none',
  crypto_volume_5y: 'none',
  wallet_experience: 'never',
  crypto_security: 'dont_know',
  token_issuer_default: 'keeps_value',
  private_key_loss: 'dont_know',
  custody_risk: 'dont_know',
  transferability: 'always',
  education: 'none',
  profession: 'no',
};

const allRisksConfirmed = {
  own_decision: true,
  total_loss: true,
  subordination: true,
  illiquidity: true,
  custody_and_keys: true,
  no_deposit_insurance: true,
  no_advice: true,
  affordable_loss: true,
};

async function storedRows(customerId: number) {
  return t.app.db
    .select()
    .from(answeredQuestionnaires)
    .where(eq(answeredQuestionnaires.customerId, customerId))
    .orderBy(answeredQuestionnaires.id);
}

describe('GET questionnaires/{type}', () => {
  it('answers the current version in the requested language, without scores, as JSON-LD', async () => {
    const res = await t.app.inject({ url: `${shopBase}/questionnaires/wphg_bonds?locale=en` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    expect(res.headers.etag).toBeDefined();
    const body = res.json();
    expect(body).toMatchObject({
      '@id': `${shopBase}/questionnaires/wphg_bonds`,
      '@type': 'Questionnaire',
      type: 'wphg_bonds',
      version: '2026-11',
      locale: 'en',
      title: 'Appropriateness assessment: bonds and subordinated bonds',
    });
    expect(res.body).not.toMatch(/score|grading|appropriateAbove/);
    const question = body.sections[1].questions[0];
    expect(question).toEqual({
      kind: 'choice',
      id: 'issuer_default',
      text: 'What happens if the issuer of a bond becomes insolvent?',
      hint: null,
      options: expect.arrayContaining([{ id: 'dont_know', text: "I don't know." }]),
    });
    expect(body.warnings).toEqual([expect.objectContaining({ key: 'not_appropriate' })]);
  });

  it('speaks German by default and answers each type', async () => {
    for (const type of ['optional', 'wphg_bonds', 'wphg_crypto', 'risk', 'professional']) {
      const res = await t.app.inject({
        url: `${shopBase}/questionnaires/${type}`,
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ type, locale: 'de', version: '2026-11' });
    }
    const risk = await t.app.inject({ url: `${shopBase}/questionnaires/risk` });
    expect(risk.json().title).toBe('Risikohinweise');
    expect(risk.json().sections[0].questions[1]).toMatchObject({
      kind: 'statement',
      role: 'risk',
      id: 'total_loss',
    });
  });

  it('answers an earlier version by name, and 404 for an unknown type or version', async () => {
    const named = await t.app.inject({ url: `${shopBase}/questionnaires/risk?version=2026-11` });
    expect(named.json().version).toBe('2026-11');
    const unknownType = await t.app.inject({
      url: `${shopBase}/questionnaires/wphg_shares`,
      headers: { 'accept-language': 'en' },
    });
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.headers['content-type']).toContain('application/problem+json');
    expect(unknownType.json()).toMatchObject({
      code: 'not_found',
      title: 'The requested resource was not found.',
    });
    const unknownVersion = await t.app.inject({ url: `${shopBase}/questionnaires/risk?version=2019-01` });
    expect(unknownVersion.statusCode).toBe(404);
    const badVersion = await t.app.inject({ url: `${shopBase}/questionnaires/risk?version=latest` });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().violations[0].propertyPath).toBe('version');
  });
});

describe('POST answered-questionnaires: the server grades', () => {
  it('needs a login', async () => {
    const res = await shop(t.app).post('/answered-questionnaires', { type: 'optional', answers: {} });
    expect(res.status).toBe(401);
  });

  it('grades bonds answers above 7 as appropriate and stores version, answers and grade', async () => {
    const a = await investor();
    const res = await a.api.post('/answered-questionnaires', {
      type: 'wphg_bonds',
      answers: bondsAppropriate,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      customer: `${shopBase}/customers/${a.uuid}`,
      type: 'wphg_bonds',
      version: '2026-11',
      answers: bondsAppropriate,
      grade: 8,
      result: 'appropriate',
      warningsShown: [],
      warningsAcknowledged: false,
      warningsAcknowledgedAt: null,
      createdAt: expect.any(String),
    });
    const [row] = await storedRows(a.id);
    expect(row).toMatchObject({
      type: 'wphg_bonds',
      version: '2026-11',
      grade: 8,
      result: 'appropriate',
      deletedAt: null,
    });
  });

  it('gives the standardised warning at 7 points and records its acknowledgement', async () => {
    const a = await investor();
    const res = await a.api.post('/answered-questionnaires', {
      type: 'wphg_bonds',
      answers: bondsAtThreshold,
      acknowledgeWarnings: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      grade: 7,
      result: 'not_appropriate',
      warningsShown: ['not_appropriate'],
      warningsAcknowledged: true,
    });
    const [row] = await storedRows(a.id);
    expect(row!.warningsShown).toEqual(['not_appropriate']);
    expect(row!.warningsAcknowledgedAt).toBeInstanceOf(Date);
    expect(res.body.warningsAcknowledgedAt).toBe(row!.warningsAcknowledgedAt!.toISOString());
  });

  it('grades crypto, risk, professional and optional answers by their own rules', async () => {
    const a = await investor();
    const crypto = await a.api.post('/answered-questionnaires', {
      type: 'wphg_crypto',
      answers: cryptoNovice,
    });
    expect(crypto.body).toMatchObject({
      grade: 0,
      result: 'not_appropriate',
      warningsShown: ['not_appropriate'],
    });
    const risk = await a.api.post('/answered-questionnaires', { type: 'risk', answers: allRisksConfirmed });
    expect(risk.body).toMatchObject({ grade: 8, result: 'confirmed', warningsShown: [] });
    const halfRisk = await a.api.post('/answered-questionnaires', {
      type: 'risk',
      answers: { ...allRisksConfirmed, total_loss: false },
    });
    expect(halfRisk.body).toMatchObject({
      grade: 7,
      result: 'not_confirmed',
      warningsShown: ['risks_not_confirmed'],
    });
    const professional = await a.api.post('/answered-questionnaires', {
      type: 'professional',
      answers: {
        criterion_transactions: false,
        criterion_portfolio: true,
        criterion_profession: true,
        request_classification: true,
        protection_notice: true,
        inform_changes: true,
      },
    });
    expect(professional.body).toMatchObject({ grade: 2, result: 'criteria_met', warningsShown: [] });
    const declined = await a.api.post('/answered-questionnaires', {
      type: 'optional',
      answers: { participation: 'decline' },
      acknowledgeWarnings: true,
    });
    expect(declined.body).toMatchObject({
      grade: 0,
      result: 'not_judgeable',
      warningsShown: ['not_judgeable'],
      warningsAcknowledged: true,
    });
  });

  it('refuses a grade sent by the client and stores nothing', async () => {
    const a = await investor();
    const res = await a.api.post('/answered-questionnaires?locale=en', {
      type: 'wphg_bonds',
      answers: bondsAtThreshold,
      grade: 20,
      result: 'appropriate',
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation_failed', title: 'Please check your input.' });
    expect(
      (res.body.violations as { propertyPath: string; code: string }[]).map((v) => [v.propertyPath, v.code]),
    ).toEqual([
      ['grade', 'unknown_parameter'],
      ['result', 'unknown_parameter'],
    ]);
    expect(await storedRows(a.id)).toEqual([]);
  });

  it('refuses incomplete answers with questionnaire_incomplete on each missing question, in the caller language', async () => {
    const a = await investor();
    const { education: _e, profession: _p, ...partial } = bondsAppropriate;
    const en = await a.api.post('/answered-questionnaires?locale=en', {
      type: 'wphg_bonds',
      answers: partial,
    });
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({
      code: 'questionnaire_incomplete',
      title: 'Questionnaire must be complete',
      violations: [
        {
          propertyPath: 'answers.education',
          code: 'questionnaire_incomplete',
          message: 'Questionnaire must be complete',
        },
        {
          propertyPath: 'answers.profession',
          code: 'questionnaire_incomplete',
          message: 'Questionnaire must be complete',
        },
      ],
    });
    const de = await a.api.post('/answered-questionnaires', { type: 'risk', answers: { total_loss: true } });
    expect(de.status).toBe(422);
    expect(de.body.title).toBe('Der Fragebogen muss vollständig ausgefüllt sein.');
    expect((de.body.violations as unknown[]).length).toBe(7);
    expect(await storedRows(a.id)).toEqual([]);
  });

  it('refuses unknown questions, unknown options, wrong kinds of answer and unknown types', async () => {
    const a = await investor();
    const cases: [unknown, [string, string][]][] = [
      [
        { type: 'optional', answers: { participation: 'maybe' } },
        [['answers.participation', 'invalid_value']],
      ],
      [
        { type: 'optional', answers: { participation: 'answer', favourite_colour: 'blue' } },
        [['answers.favourite_colour', 'unknown_parameter']],
      ],
      [
        { type: 'risk', answers: { ...allRisksConfirmed, total_loss: 'yes' } },
        [['answers.total_loss', 'invalid_type']],
      ],
      [{ type: 'wphg_shares', answers: { participation: 'answer' } }, [['type', 'invalid_value']]],
      [{ type: 'optional' }, [['answers', 'required']]],
      [{ type: 'optional', answers: ['answer'] }, [['answers', 'invalid_type']]],
      [
        { type: 'optional', answers: { participation: 'answer' }, acknowledgeWarnings: 'yes' },
        [['acknowledgeWarnings', 'invalid_type']],
      ],
    ];
    for (const [body, violations] of cases) {
      const res = await a.api.post('/answered-questionnaires', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('validation_failed');
      expect(
        (res.body.violations as { propertyPath: string; code: string }[]).map((v) => [
          v.propertyPath,
          v.code,
        ]),
      ).toEqual(violations);
    }
    expect(await storedRows(a.id)).toEqual([]);
  });

  it('replaces the previous answer of the type and keeps it on file', async () => {
    const a = await investor();
    const first = await a.api.post('/answered-questionnaires', {
      type: 'optional',
      answers: { participation: 'decline' },
    });
    const risk = await a.api.post('/answered-questionnaires', { type: 'risk', answers: allRisksConfirmed });
    const second = await a.api.post('/answered-questionnaires', {
      type: 'optional',
      answers: { participation: 'answer' },
    });
    expect(second.status).toBe(201);
    const list = await a.api.get('/answered-questionnaires');
    expect((list.body as unknown as { id: number }[]).map((q) => q.id)).toEqual([
      second.body.id,
      risk.body.id,
    ]);
    const rows = await storedRows(a.id);
    expect(rows.map((r) => [r.id, r.type, r.grade, r.deletedAt !== null])).toEqual([
      [first.body.id, 'optional', 0, true],
      [risk.body.id, 'risk', 8, false],
      [second.body.id, 'optional', 1, false],
    ]);
    const gone = await a.api.get(`/answered-questionnaires/${first.body.id}`);
    expect(gone.status).toBe(404);
  });
});

describe('acknowledging warnings afterwards (PATCH)', () => {
  it('records the first acknowledgement of a warning and refuses one without warnings', async () => {
    const a = await investor();
    const warned = await a.api.post('/answered-questionnaires', {
      type: 'wphg_crypto',
      answers: cryptoNovice,
    });
    expect(warned.body.warningsAcknowledged).toBe(false);
    const ack = await a.api.patch(`/answered-questionnaires/${warned.body.id}`, {
      acknowledgeWarnings: true,
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({
      id: warned.body.id,
      warningsAcknowledged: true,
      warningsShown: ['not_appropriate'],
    });
    const again = await a.api.patch(`/answered-questionnaires/${warned.body.id}`, {
      acknowledgeWarnings: true,
    });
    expect(again.body.warningsAcknowledgedAt).toBe(ack.body.warningsAcknowledgedAt);

    const clean = await a.api.post('/answered-questionnaires', {
      type: 'wphg_bonds',
      answers: bondsAppropriate,
    });
    const nothing = await a.api.patch(`/answered-questionnaires/${clean.body.id}`, {
      acknowledgeWarnings: true,
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'acknowledgeWarnings' }),
    ]);
    const [row] = await t.app.db
      .select()
      .from(answeredQuestionnaires)
      .where(eq(answeredQuestionnaires.id, clean.body.id as number));
    expect(row!.warningsAcknowledgedAt).toBeNull();
    const falseAck = await a.api.patch(`/answered-questionnaires/${warned.body.id}`, {
      acknowledgeWarnings: false,
    });
    expect(falseAck.status).toBe(422);
  });
});

describe('GET answered-questionnaires and DELETE', () => {
  it('lists the own answers as a Hydra collection, filtered by type', async () => {
    const a = await investor();
    await a.api.post('/answered-questionnaires', { type: 'wphg_bonds', answers: bondsAppropriate });
    await a.api.post('/answered-questionnaires', { type: 'risk', answers: allRisksConfirmed });
    const res = await a.api.get(`/answered-questionnaires?customer.uuid=${a.uuid}`, {
      accept: 'application/ld+json',
    });
    expect(res.status).toBe(200);
    expect(res.body['hydra:totalItems']).toBe(2);
    const members = res.body['hydra:member'] as Record<string, unknown>[];
    expect(members.map((m) => m.type)).toEqual(['risk', 'wphg_bonds']);
    expect(members[0]).toMatchObject({
      '@id': `${shopBase}/answered-questionnaires/${members[0]!.id}`,
      '@type': 'AnsweredQuestionnaire',
      customer: `${shopBase}/customers/${a.uuid}`,
    });
    const risk = await a.api.get('/answered-questionnaires?type=risk');
    expect((risk.body as unknown as { type: string }[]).map((q) => q.type)).toEqual(['risk']);
    const badType = await a.api.get('/answered-questionnaires?type=shares');
    expect(badType.status).toBe(400);
    const unknownParam = await a.api.get('/answered-questionnaires?grade=9');
    expect(unknownParam.status).toBe(400);
  });

  it('withdraws an answer: gone from the list, kept on file, and a second delete is 404', async () => {
    const a = await investor();
    const answer = await a.api.post('/answered-questionnaires', { type: 'risk', answers: allRisksConfirmed });
    const deleted = await a.api.delete(`/answered-questionnaires/${answer.body.id}`);
    expect(deleted.status).toBe(204);
    // The document names the answer the client really gets.
    const responses = (
      t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: object }>> }
    ).paths['/api/v2/shop/answered-questionnaires/{id}']!.delete!.responses;
    expect(Object.keys(responses).filter((s) => s.startsWith('2'))).toEqual(['204']);
    const list = await a.api.get('/answered-questionnaires');
    expect(list.body).toEqual([]);
    const [row] = await storedRows(a.id);
    expect(row).toMatchObject({ id: answer.body.id, grade: 8, result: 'confirmed' });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const twice = await a.api.delete(`/answered-questionnaires/${answer.body.id}`);
    expect(twice.status).toBe(404);
    expect((await a.api.delete('/answered-questionnaires/abc')).status).toBe(400);
  });

  it('shows a stored answer as it was graded, whatever the grading says today', async () => {
    const a = await investor();
    // An answer stored with its grade: the API never grades a stored answer again.
    const [row] = await t.app.db
      .insert(answeredQuestionnaires)
      .values({
        customerId: a.id,
        type: 'wphg_bonds',
        version: '2026-11',
        answers: bondsAppropriate,
        grade: 5,
        result: 'not_appropriate',
        warningsShown: ['not_appropriate'],
      })
      .returning();
    const res = await a.api.get(`/answered-questionnaires/${row!.id}`);
    expect(res.body).toMatchObject({
      version: '2026-11',
      grade: 5,
      result: 'not_appropriate',
      answers: bondsAppropriate,
    });
  });
});

describe('ownership: customer B never sees or changes A’s answers', () => {
  it('gives B an empty list for A’s uuid and 404 for A’s answer, and leaves A’s answer alone', async () => {
    const a = await investor();
    const b = await investor();
    const answer = await a.api.post('/answered-questionnaires', {
      type: 'wphg_bonds',
      answers: bondsAtThreshold,
    });
    const id = answer.body.id as number;

    const list = await b.api.get(`/answered-questionnaires?customer.uuid=${a.uuid}`, {
      accept: 'application/ld+json',
    });
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(0);
    expect(list.body['hydra:member']).toEqual([]);
    expect((await b.api.get('/answered-questionnaires')).body).toEqual([]);

    for (const res of [
      await b.api.get(`/answered-questionnaires/${id}`),
      await b.api.patch(`/answered-questionnaires/${id}`, { acknowledgeWarnings: true }),
      await b.api.delete(`/answered-questionnaires/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const [row] = await t.app.db
      .select()
      .from(answeredQuestionnaires)
      .where(and(eq(answeredQuestionnaires.id, id), eq(answeredQuestionnaires.customerId, a.id)));
    expect(row).toMatchObject({ deletedAt: null, warningsAcknowledgedAt: null });

    // B answering the same type replaces only B's own answer.
    await b.api.post('/answered-questionnaires', { type: 'wphg_bonds', answers: bondsAppropriate });
    const own = await a.api.get('/answered-questionnaires');
    expect((own.body as unknown as { id: number }[]).map((q) => q.id)).toEqual([id]);
  });
});

describe('limits', () => {
  it('takes at most 60 answers per customer and hour; another customer is not affected', async () => {
    const a = await investor();
    const b = await investor();
    for (let i = 0; i < 60; i++) {
      const res = await a.api.post('/answered-questionnaires', {
        type: 'optional',
        answers: { participation: 'answer' },
      });
      expect(res.status).toBe(201);
    }
    const over = await a.api.post('/answered-questionnaires?locale=en', {
      type: 'optional',
      answers: { participation: 'decline' },
    });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('too_many_requests');
    const current = await a.api.get('/answered-questionnaires?type=optional');
    expect(current.body).toEqual([expect.objectContaining({ grade: 1 })]);
    const other = await b.api.post('/answered-questionnaires', {
      type: 'optional',
      answers: { participation: 'answer' },
    });
    expect(other.status).toBe(201);
  });
});
