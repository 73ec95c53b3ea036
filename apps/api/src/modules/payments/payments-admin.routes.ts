import multipart from '@fastify/multipart';
import { AppError } from '@token/domain/errors';
import { bankCreditViewSchema, operatorOrderFileSchema } from '@token/domain/payments';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { uploadValidatorCompiler } from '../documents/upload.ts';
import { importBankStatement } from './bank-credits.service.ts';
import {
  assignBankCredit,
  creditListFilters,
  getOrderFile,
  listBankCredits,
  markOrderPaidAsOperator,
  refundOrderAsOperator,
  returnBankCredit,
} from './payments-admin.service.ts';

const operator = { auth: 'operator' as const };
const tokenParam = z.strictObject({ tokenValue: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });
const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const reason = z.string().trim().min(3).max(1000);
const maxStatementBytes = 10 * 1024 * 1024;

/** The operators' payment calls under /api/v2/admin/ (issue 8): order file, mark paid, refund, reconciliation. */
export async function paymentAdminRoutes(app: App) {
  await app.register(multipart, {
    limits: { fileSize: maxStatementBytes, files: 1, fields: 2, parts: 3 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/orders/:tokenValue',
    {
      config: { ...operator, errors: ['order_not_found'] as const },
      schema: {
        tags: ['admin'],
        summary: "The operator's order file: order, customer, payments, invoices, bank credits, audit log",
        params: tokenParam,
        response: { 200: operatorOrderFileSchema },
      },
    },
    async (request, reply) => {
      const file = await getOrderFile({ db: app.db, tokenValue: request.params.tokenValue });
      return sendItem(request, reply, file, {
        '@id': `/api/v2/admin/orders/${file.tokenValue}`,
        '@type': 'Order',
      });
    },
  );

  app.post(
    '/orders/:tokenValue/mark-paid',
    {
      config: { ...operator, errors: ['order_not_found', 'order_not_payable'] as const },
      schema: {
        tags: ['admin'],
        summary: 'Books a placed order awaiting payment as paid; reason in the audit log',
        params: tokenParam,
        body: z.strictObject({ reason }),
        response: { 200: operatorOrderFileSchema },
      },
    },
    async (request, reply) => {
      const file = await markOrderPaidAsOperator({
        db: app.db,
        operatorId: operatorOf(request).id,
        tokenValue: request.params.tokenValue,
        reason: request.body.reason,
        ...(await mailContext(app)),
      });
      return sendItem(request, reply, file, {
        '@id': `/api/v2/admin/orders/${file.tokenValue}`,
        '@type': 'Order',
      });
    },
  );

  app.post(
    '/orders/:tokenValue/refund',
    {
      config: {
        ...operator,
        errors: ['order_not_found', 'order_not_refundable', 'card_refund_failed'] as const,
      },
      schema: {
        tags: ['admin'],
        summary:
          'Refunds a paid order (card: through the card partner; bank transfer: marked, the operator transfers back); releases tokens and seat',
        params: tokenParam,
        body: z.strictObject({ reason }),
        response: { 200: operatorOrderFileSchema },
      },
    },
    async (request, reply) => {
      const file = await refundOrderAsOperator({
        db: app.db,
        card: app.partners.card,
        operatorId: operatorOf(request).id,
        tokenValue: request.params.tokenValue,
        reason: request.body.reason,
        ...(await mailContext(app)),
      });
      return sendItem(request, reply, file, {
        '@id': `/api/v2/admin/orders/${file.tokenValue}`,
        '@type': 'Order',
      });
    },
  );

  app.get(
    '/bank-credits',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          'Bank credits for reconciliation, newest first (open: unmatched, partial, excess, duplicate)',
        querystring: z.strictObject({
          ...pagingQuery(30, 100),
          status: z.enum(creditListFilters).default('open'),
        }),
        response: { 200: collectionOf(bankCreditViewSchema) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, itemsPerPage: request.query.itemsPerPage };
      const { items, totalItems } = await listBankCredits({ db: app.db, status: request.query.status, page });
      return sendCollection(request, reply, {
        items,
        totalItems,
        type: 'BankCredit',
        idOf: (c) => `/api/v2/admin/bank-credits/${c.id}`,
        page,
      });
    },
  );

  app.post(
    '/bank-statements',
    {
      config: {
        ...operator,
        errors: ['bank_statement_invalid', 'bank_statement_too_large', 'bank_statement_unsafe'] as const,
      },
      schema: {
        tags: ['admin'],
        summary: 'Imports a camt.053 or camt.054 file (multipart field `file`); credits matched to orders',
        consumes: ['multipart/form-data'],
        // documents the form in OpenAPI; the handler reads the file from the stream
        body: z.object({
          file: z
            .string()
            .meta({ format: 'binary', description: 'camt.053 or camt.054 XML (at most 10 MB)' }),
        }),
      },
      validatorCompiler: uploadValidatorCompiler,
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('bank_statement_invalid', { detail: 'Send the file as multipart/form-data.' });
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
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('bank_statement_too_large');
        }
        throw new AppError('bank_statement_invalid', { detail: 'unreadable multipart body' });
      }
      if (!bytes) throw new AppError('bank_statement_invalid', { detail: 'no file in the field `file`' });
      const result = await importBankStatement({ db: app.db, file: bytes, booking: await mailContext(app) });
      return reply.send({
        credits: result.credits,
        duplicates: result.duplicates,
        matched: result.matched,
        open: result.open,
      });
    },
  );

  app.post(
    '/bank-credits/:id/assign',
    {
      config: {
        ...operator,
        errors: [
          'bank_credit_not_found',
          'bank_credit_closed',
          'order_not_found',
          'order_not_payable',
        ] as const,
      },
      schema: {
        tags: ['admin'],
        summary: 'Books an open credit on an order (paid when the credits add up to the total); audit log',
        params: idParam,
        body: z.strictObject({ orderTokenValue: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/), reason }),
        response: { 200: bankCreditViewSchema },
      },
    },
    async (request, reply) => {
      const credit = await assignBankCredit({
        db: app.db,
        operatorId: operatorOf(request).id,
        creditId: request.params.id,
        orderTokenValue: request.body.orderTokenValue,
        reason: request.body.reason,
        ...(await mailContext(app)),
      });
      return sendItem(request, reply, credit, {
        '@id': `/api/v2/admin/bank-credits/${credit.id}`,
        '@type': 'BankCredit',
      });
    },
  );

  app.post(
    '/bank-credits/:id/return',
    {
      config: { ...operator, errors: ['bank_credit_not_found', 'bank_credit_closed'] as const },
      schema: {
        tags: ['admin'],
        summary: 'Marks an open credit returned (the operator sends it back); audit log',
        params: idParam,
        body: z.strictObject({ reason }),
        response: { 200: bankCreditViewSchema },
      },
    },
    async (request, reply) => {
      const credit = await returnBankCredit({
        db: app.db,
        operatorId: operatorOf(request).id,
        creditId: request.params.id,
        reason: request.body.reason,
      });
      return sendItem(request, reply, credit, {
        '@id': `/api/v2/admin/bank-credits/${credit.id}`,
        '@type': 'BankCredit',
      });
    },
  );
}
