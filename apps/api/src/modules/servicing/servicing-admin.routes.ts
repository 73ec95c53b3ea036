import { platformToday } from '@token/domain/calendar';
import { bondTermsSchema, couponScheduleRowViewSchema } from '@token/domain/servicing';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { approveCouponRun, getCouponRun, markPayoutPaid, prepareCouponRun } from './coupon-runs.service.ts';
import {
  bondTermsVersionViewSchema,
  couponRunInputSchema,
  couponRunViewSchema,
  payoutAdminViewSchema,
} from './servicing.views.ts';
import { getBondTerms, getCouponSchedule, saveBondTerms } from './terms.service.ts';

const operator = { auth: 'operator' as const };
const codeParam = { code: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/) };
const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
const base = (code: string) => `/api/v2/admin/bonds/${encodeURIComponent(code)}`;

/**
 * Bond servicing for operators under /api/v2/admin/bonds/{code}/ (issue 17): the terms in versions,
 * the coupon schedule, coupon runs (prepare, preview, approve) and payouts marked paid; audit log.
 */
export async function servicingAdminRoutes(app: App) {
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
      config: { ...operator, errors: ['redemption_transfers_pending'] as const },
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
      });
      return sendItem(request, reply, payout, {
        '@id': `${base(code)}/coupon-runs/${id}/payouts/${payout.id}`,
        '@type': 'Payout',
      });
    },
  );
}
