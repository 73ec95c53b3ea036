import {
  referralCommissionAdminLineSchema,
  referralPartnerAdminViewSchema,
  referralStatementViewSchema,
  referralTermsInputSchema,
} from '@token/domain/referrals';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { attachmentDisposition } from '../catalog/legal-documents.service.ts';
import {
  createReferralStatement,
  getReferralStatementDocument,
  listPartnerCommissions,
  listPartnerStatements,
  listReferralPartners,
  markReferralStatementPaid,
  setReferralTerms,
} from './referrals.service.ts';
import { renderStatementPdf, statementTexts } from './statement-pdf.ts';

const operator = { auth: 'operator' as const };
const uuidParam = { uuid: z.uuid() };
const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
const base = (uuid: string) => `/api/v2/admin/referral-partners/${uuid}`;

/**
 * Referral partners for operators under /api/v2/admin/referral-partners (issue 17, decision 017
 * "Referral commissions"): the list with counts and sums, the terms (audit log), the commission
 * lines, commission statements (settle what is accrued; audit log) and the statement PDF.
 */
export async function referralAdminRoutes(app: App) {
  app.get(
    '/referral-partners',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          'Referral partners (a referral code and someone referred or terms above 0), newest first, searchable by name or e-mail',
        querystring: z.strictObject({
          ...pagingQuery(30, 200),
          search: z.string().trim().max(100).optional(),
        }),
        response: { 200: collectionOf(referralPartnerAdminViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, search } = request.query;
      const result = await listReferralPartners({ db: app.db, search, page: { page, itemsPerPage } });
      return sendCollection(request, reply, {
        ...result,
        type: 'ReferralPartner',
        idOf: (p) => base(p.uuid),
        page: { page, itemsPerPage },
      });
    },
  );

  app.put(
    '/referral-partners/:uuid/terms',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          "Sets the partner's one-off commissions (cents, 0 to 100 000 €) for events from now on; audit log",
        params: z.strictObject(uuidParam),
        body: referralTermsInputSchema,
        response: { 200: referralPartnerAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await setReferralTerms({
        db: app.db,
        uuid: request.params.uuid,
        terms: request.body,
        operatorId: operatorOf(request).id,
      });
      return sendItem(request, reply, view, { '@id': base(view.uuid), '@type': 'ReferralPartner' });
    },
  );

  app.get(
    '/referral-partners/:uuid/commissions',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "The partner's commissions, newest first; referred customers only by a short id",
        params: z.strictObject(uuidParam),
        response: { 200: collectionOf(referralCommissionAdminLineSchema) },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const items = await listPartnerCommissions({ db: app.db, uuid });
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'ReferralCommission',
        idOf: (c) => `${base(uuid)}/commissions/${c.id}`,
      });
    },
  );

  app.get(
    '/referral-partners/:uuid/statements',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "The partner's commission statements, newest first",
        params: z.strictObject(uuidParam),
        response: { 200: collectionOf(referralStatementViewSchema) },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const items = await listPartnerStatements({ db: app.db, uuid });
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'ReferralStatement',
        idOf: (s) => `${base(uuid)}/statements/${s.id}`,
      });
    },
  );

  app.post(
    '/referral-partners/:uuid/statements',
    {
      config: { ...operator, errors: ['referral_commissions_none_accrued'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Settles every accrued commission into a commission statement with one pending commission payout; nothing accrued: 409; audit log',
        params: z.strictObject(uuidParam),
        body: z.strictObject({}).optional(),
        response: { 201: referralStatementViewSchema },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const statement = await createReferralStatement({
        db: app.db,
        uuid,
        operatorId: operatorOf(request).id,
      });
      reply.status(201);
      return sendItem(request, reply, statement, {
        '@id': `${base(uuid)}/statements/${statement.id}`,
        '@type': 'ReferralStatement',
      });
    },
  );

  app.post(
    '/referral-partners/:uuid/statements/:id/paid',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          "Books the statement's commission payout as paid (ledger posting against the partner's payable, once); audit log",
        params: z.strictObject({ ...uuidParam, id: idParam }),
        body: z.strictObject({}).optional(),
        response: { 200: referralStatementViewSchema },
      },
    },
    async (request, reply) => {
      const { uuid, id } = request.params;
      const statement = await markReferralStatementPaid({
        db: app.db,
        uuid,
        statementId: id,
        operatorId: operatorOf(request).id,
      });
      return sendItem(request, reply, statement, {
        '@id': `${base(uuid)}/statements/${statement.id}`,
        '@type': 'ReferralStatement',
      });
    },
  );

  app.get(
    '/referral-partners/:uuid/statements/:id/pdf',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          "The commission statement as a PDF, in the partner's language unless `locale` (de, en) says otherwise",
        params: z.strictObject({ ...uuidParam, id: idParam }),
        querystring: z.strictObject({ locale: z.enum(['de', 'en']).optional() }),
      },
    },
    async (request, reply) => {
      const document = await getReferralStatementDocument({
        db: app.db,
        uuid: request.params.uuid,
        statementId: request.params.id,
      });
      const locale = request.query.locale ?? document.partner.locale;
      const title = `${statementTexts[locale].title} ${document.statement.id}`;
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(title))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(renderStatementPdf(document, locale));
    },
  );
}
