import multipart from '@fastify/multipart';
import { platformToday } from '@token/domain/calendar';
import { AppError } from '@token/domain/errors';
import {
  bondTermsSchema,
  bondTermsVersionViewSchema,
  couponRunInputSchema,
  couponRunSummaryViewSchema,
  couponRunViewSchema,
  couponScheduleRowViewSchema,
  payoutAdminViewSchema,
  payoutFailedInputSchema,
  payoutNoticeResultSchema,
} from '@token/domain/servicing';
import type { FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import {
  approveCouponRun,
  getCouponRun,
  listCouponRuns,
  markPayoutPaid,
  prepareCouponRun,
} from './coupon-runs.service.ts';
import { getPayoutFile, importPayoutNotice, markPayoutFailed } from './payout-settlement.service.ts';
import { getBondTerms, getCouponSchedule, saveBondTerms } from './terms.service.ts';

const operator = { auth: 'operator' as const };
const codeParam = { code: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/) };
const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
const base = (code: string) => `/api/v2/admin/bonds/${encodeURIComponent(code)}`;
const maxNoticeBytes = 10 * 1024 * 1024;
const camtErrors = ['bank_statement_invalid', 'bank_statement_too_large', 'bank_statement_unsafe'] as const;

/** The camt.054 upload's body: multipart is read from the stream, raw XML arrives as a Buffer (kept as is). */
function noticeValidatorCompiler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

/** The camt.054 of an upload: the multipart field `file`, or the raw body sent as application/xml. */
async function noticeBytes(request: FastifyRequest): Promise<Buffer> {
  if (Buffer.isBuffer(request.body)) return request.body;
  if (!request.isMultipart()) {
    throw new AppError('bank_statement_invalid', {
      detail: 'Send the camt.054 as multipart/form-data (field `file`) or as application/xml.',
    });
  }
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes) {
          await part.toBuffer();
          throw new AppError('bank_statement_invalid', { detail: 'one file in the field `file`' });
        }
        bytes = await part.toBuffer();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('bank_statement_too_large');
    throw new AppError('bank_statement_invalid', { detail: 'unreadable multipart body' });
  }
  if (!bytes) throw new AppError('bank_statement_invalid', { detail: 'no file in the field `file`' });
  return bytes;
}

/**
 * Bond servicing for operators under /api/v2/admin/bonds/{code}/ (issue 17): the terms in versions,
 * the coupon schedule, coupon runs (prepare, preview, approve), the run's SEPA payout file, the bank's
 * camt.054 confirming it, and payouts marked paid or failed by hand; audit log.
 */
export async function servicingAdminRoutes(app: App) {
  await app.register(multipart, {
    limits: { fileSize: maxNoticeBytes, files: 1, fields: 2, parts: 3 },
    throwFileSizeLimit: true,
  });
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'buffer', bodyLimit: maxNoticeBytes },
    (_request, body, done) => done(null, body),
  );
  app.put(
    '/bonds/:code/terms',
    {
      config: { ...operator, errors: ['bond_terms_locked'] as const },
      schema: {
        tags: ['admin'],
        summary:
          "Saves the bond's terms as a new version (422 on the field; locked terms once tokens are sold: 409); audit log",
        params: z.strictObject(codeParam),
        body: bondTermsSchema,
        response: { 200: bondTermsVersionViewSchema },
      },
    },
    async (request, reply) => {
      const view = await saveBondTerms({
        db: app.db,
        code: request.params.code,
        terms: request.body,
        operatorId: operatorOf(request).id,
      });
      return sendItem(request, reply, view, { '@id': `${base(view.product)}/terms`, '@type': 'BondTerms' });
    },
  );

  app.get(
    '/bonds/:code/terms',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "The bond's terms in force (the highest version)",
        params: z.strictObject(codeParam),
        response: { 200: bondTermsVersionViewSchema },
      },
    },
    async (request, reply) => {
      const view = await getBondTerms({ db: app.db, code: request.params.code });
      return sendItem(request, reply, view, { '@id': `${base(view.product)}/terms`, '@type': 'BondTerms' });
    },
  );

  app.get(
    '/bonds/:code/coupon-schedule',
    {
      config: { ...operator, errors: ['bond_terms_missing'] as const },
      schema: {
        tags: ['admin'],
        summary: "The bond's coupon periods: dates unadjusted and adjusted, record dates, accrual fractions",
        params: z.strictObject(codeParam),
        response: { 200: collectionOf(couponScheduleRowViewSchema) },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const items = await getCouponSchedule({ db: app.db, code });
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'CouponPeriod',
        idOf: (p) => `${base(code)}/coupon-schedule/${p.index}`,
      });
    },
  );

  app.post(
    '/bonds/:code/coupon-runs',
    {
      config: {
        ...operator,
        errors: ['bond_terms_missing', 'coupon_record_date_pending'] as const,
      },
      schema: {
        tags: ['admin'],
        summary:
          "Prepares the period's coupon run from the register at the end of the record date (preview per holder); once per period; audit log",
        params: z.strictObject(codeParam),
        body: couponRunInputSchema,
        response: { 200: couponRunViewSchema, 201: couponRunViewSchema },
      },
    },
    async (request, reply) => {
      const { run, created } = await prepareCouponRun({
        db: app.db,
        code: request.params.code,
        periodIndex: request.body.periodIndex,
        operatorId: operatorOf(request).id,
        today: platformToday(),
      });
      reply.status(created ? 201 : 200);
      return sendItem(request, reply, run, {
        '@id': `${base(run.product)}/coupon-runs/${run.id}`,
        '@type': 'CouponRun',
      });
    },
  );

  app.get(
    '/bonds/:code/coupon-runs',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "The bond's coupon runs, the newest period first: status and totals, no holders",
        params: z.strictObject(codeParam),
        response: { 200: collectionOf(couponRunSummaryViewSchema) },
      },
    },
    async (request, reply) => {
      const items = await listCouponRuns({ db: app.db, code: request.params.code });
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'CouponRun',
        idOf: (run) => `${base(run.product)}/coupon-runs/${run.id}`,
      });
    },
  );

  app.get(
    '/bonds/:code/coupon-runs/:id',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: 'A coupon run: holders, amounts, total, remainder, status and payouts',
        params: z.strictObject({ ...codeParam, id: idParam }),
        response: { 200: couponRunViewSchema },
      },
    },
    async (request, reply) => {
      const run = await getCouponRun({ db: app.db, code: request.params.code, runId: request.params.id });
      return sendItem(request, reply, run, {
        '@id': `${base(run.product)}/coupon-runs/${run.id}`,
        '@type': 'CouponRun',
      });
    },
  );

  app.post(
    '/bonds/:code/coupon-runs/:id/approve',
    {
      config: { ...operator, errors: ['invalid_transition', 'redemption_transfers_pending'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Approves a prepared coupon run: payouts pending and the ledger posting in one transaction; approves once; a redemption run also queues the burn of every token (409 while transfers are open); audit log',
        params: z.strictObject({ ...codeParam, id: idParam }),
        response: { 200: couponRunViewSchema },
      },
    },
    async (request, reply) => {
      const run = await approveCouponRun({
        db: app.db,
        code: request.params.code,
        runId: request.params.id,
        operatorId: operatorOf(request).id,
        today: platformToday(),
      });
      return sendItem(request, reply, run, {
        '@id': `${base(run.product)}/coupon-runs/${run.id}`,
        '@type': 'CouponRun',
      });
    },
  );

  app.post(
    '/bonds/:code/coupon-runs/:id/payouts/:payoutId/paid',
    {
      config: { ...operator, errors: ['invalid_transition'] as const },
      schema: {
        tags: ['admin'],
        summary: 'Marks a payout paid with its ledger posting; idempotent; audit log',
        params: z.strictObject({ ...codeParam, id: idParam, payoutId: idParam }),
        response: { 200: payoutAdminViewSchema },
      },
    },
    async (request, reply) => {
      const { code, id, payoutId } = request.params;
      const payout = await markPayoutPaid({
        db: app.db,
        code,
        runId: id,
        payoutId,
        operatorId: operatorOf(request).id,
        today: platformToday(),
        mail: await mailContext(app),
      });
      return sendItem(request, reply, payout, {
        '@id': `${base(code)}/coupon-runs/${id}/payouts/${payout.id}`,
        '@type': 'Payout',
      });
    },
  );

  app.post(
    '/bonds/:code/coupon-runs/:id/payouts/:payoutId/failed',
    {
      config: { ...operator, errors: ['invalid_transition'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Marks a pending payout failed with a reason (the run turns partially_failed once none is pending); idempotent; audit log',
        params: z.strictObject({ ...codeParam, id: idParam, payoutId: idParam }),
        body: payoutFailedInputSchema,
        response: { 200: payoutAdminViewSchema },
      },
    },
    async (request, reply) => {
      const { code, id, payoutId } = request.params;
      const payout = await markPayoutFailed({
        db: app.db,
        code,
        runId: id,
        payoutId,
        reason: request.body.reason,
        operatorId: operatorOf(request).id,
      });
      return sendItem(request, reply, payout, {
        '@id': `${base(code)}/coupon-runs/${id}/payouts/${payout.id}`,
        '@type': 'Payout',
      });
    },
  );

  app.get(
    '/bonds/:code/coupon-runs/:id/payout-file',
    {
      config: {
        ...operator,
        errors: ['payout_file_unavailable', 'payout_account_missing', 'payout_bank_details_missing'] as const,
      },
      schema: {
        tags: ['admin'],
        summary:
          "The run's SEPA credit transfer file (pain.001.001.09) of its pending payouts, checked against the EPC rules; audit log",
        params: z.strictObject({ ...codeParam, id: idParam }),
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const file = await getPayoutFile({
        db: app.db,
        code: request.params.code,
        runId: request.params.id,
        operatorId: operatorOf(request).id,
        now: new Date(),
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type('application/xml; charset=utf-8')
        .send(file.xml);
    },
  );

  app.post(
    '/bonds/:code/coupon-runs/:id/camt054',
    {
      config: { ...operator, errors: camtErrors },
      schema: {
        tags: ['admin'],
        summary:
          "Reads the bank's camt.054 (multipart field `file`, or the XML as the body): debits matched by end-to-end id and amount mark payouts paid, returns mark them failed; the same file twice books nothing twice; audit log",
        params: z.strictObject({ ...codeParam, id: idParam }),
        consumes: ['multipart/form-data', 'application/xml'],
        // documents the form in OpenAPI; the handler reads the file itself
        body: z.object({
          file: z.string().meta({ format: 'binary', description: 'camt.054 XML (at most 10 MB)' }),
        }),
        response: { 200: payoutNoticeResultSchema },
      },
      validatorCompiler: noticeValidatorCompiler,
    },
    async (request, reply) => {
      const file = await noticeBytes(request);
      const result = await importPayoutNotice({
        db: app.db,
        code: request.params.code,
        runId: request.params.id,
        file,
        operatorId: operatorOf(request).id,
        today: platformToday(),
        mail: await mailContext(app),
      });
      return reply.send(result);
    },
  );
}
