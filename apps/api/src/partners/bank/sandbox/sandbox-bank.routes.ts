import multipart from '@fastify/multipart';
import { AppError } from '@token/domain/errors';
import { eurosToCents } from '@token/domain/money';
import { isNotNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { productPaymentConfigurations } from '../../../db/schema/index.ts';
import type { App } from '../../../http/types.ts';
import { findShopChannel } from '../../../modules/reference/reference.service.ts';
import { isForeignOrigin, sandboxPageLocale, sendSandboxPage } from '../../sandbox-pages.ts';
import { isSandboxBank } from '../create-bank.ts';
import { renderSandboxBankPage, type SandboxBankError } from './sandbox-bank.page.ts';
import { type SandboxReturnReason, sandboxReturnReasons } from './sandbox-bank.ts';

const formSchema = z.object({
  token: z.string().max(100),
  accountIban: z.string().max(42),
  debtorName: z.string().max(200),
  debtorIban: z.string().max(60),
  amount: z.string().max(30),
  remittanceText: z.string().max(400).optional(),
});

/**
 * The sandbox bank's pages (registered while the sandbox bank is active): `GET /sandbox/bank` books
 * transfers and lists the bookings; `POST /sandbox/bank/transfers` books one (303 back);
 * `GET /sandbox/bank/camt054.xml` hands out the bookings as a camt.054 file.
 * Outgoing: `POST /sandbox/bank/payout-files` (multipart: the pain.001 file, optionally one end-to-end
 * id to return) executes a payout file (303 back); `GET /sandbox/bank/payouts-camt054.xml?msgId=`
 * hands out its camt.054 debit notice. CSRF: a form token that expires after two hours, and a POST
 * from another origin is refused.
 */
export async function sandboxBankRoutes(app: App) {
  const bank = app.partners.bank;
  if (!isSandboxBank(bank)) return;
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 4, parts: 5, fieldSize: 200 },
    throwFileSizeLimit: true,
  });
  const sandbox = bank.sandbox;
  const publicOrigin = new URL(app.config.publicUrl).origin;

  /** The collection accounts: the channel's and every product's own. */
  async function accounts() {
    const channel = await findShopChannel({ db: app.db });
    const own = await app.db
      .selectDistinct({
        iban: productPaymentConfigurations.bankIban,
        holder: productPaymentConfigurations.bankAccountHolder,
      })
      .from(productPaymentConfigurations)
      .where(isNotNull(productPaymentConfigurations.bankIban));
    const list = [
      ...(channel ? [{ iban: channel.bankIban, holder: channel.bankAccountHolder }] : []),
      ...own.map((a) => ({ iban: a.iban ?? '', holder: a.holder ?? '' })),
    ];
    return list.filter((a, i) => a.iban && list.findIndex((b) => b.iban === a.iban) === i);
  }

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: {
      booked?: string | null;
      executed?: string | null;
      error?: SandboxBankError | null;
      faults?: string[];
      values?: Record<string, string>;
    } = {},
  ) {
    return sendSandboxPage(
      reply,
      status,
      renderSandboxBankPage({
        locale: sandboxPageLocale(request),
        token: sandbox.formToken(),
        accounts: await accounts(),
        entries: await sandbox.listEntries(app.db),
        debits: await sandbox.listDebits(app.db),
        delaySeconds: sandbox.delaySeconds,
        booked: extra.booked ?? null,
        executed: extra.executed ?? null,
        faults: extra.faults ?? [],
        error: extra.error ?? null,
        ...(extra.values ? { values: extra.values } : {}),
      }),
    );
  }

  app.get('/sandbox/bank', { schema: { hide: true } }, async (request, reply) => {
    const { booked, executed } = request.query as { booked?: unknown; executed?: unknown };
    return page(request, reply, 200, {
      booked: typeof booked === 'string' && /^SBX[0-9A-F]{20}$/.test(booked) ? booked : null,
      executed:
        typeof executed === 'string' && /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/.test(executed) ? executed : null,
    });
  });

  app.post('/sandbox/bank/transfers', { schema: { hide: true } }, async (request, reply) => {
    if (isForeignOrigin(request, publicOrigin)) return page(request, reply, 403, { error: 'forbidden' });
    const form = formSchema.safeParse(request.body);
    if (!form.success) return page(request, reply, 400, { error: 'bad_request' });
    const f = form.data;
    const values = {
      debtorName: f.debtorName,
      debtorIban: f.debtorIban,
      amount: f.amount,
      remittanceText: f.remittanceText ?? '',
    };
    if (!sandbox.isFormTokenValid(f.token)) return page(request, reply, 403, { error: 'forbidden', values });
    const known = await accounts();
    if (!known.some((a) => a.iban === f.accountIban))
      return page(request, reply, 400, { error: 'no_account', values });
    const amountCents = eurosToCents(f.amount);
    if (amountCents === null || amountCents < 1)
      return page(request, reply, 400, { error: 'bad_request', values });
    try {
      const entry = await sandbox.book({
        db: app.db,
        accountIban: f.accountIban,
        transfer: {
          debtorName: f.debtorName,
          debtorIban: f.debtorIban,
          amountCents,
          remittanceText: f.remittanceText ?? '',
        },
      });
      const q = new URLSearchParams({ locale: sandboxPageLocale(request), booked: entry.entryReference });
      return reply.status(303).header('cache-control', 'no-store').redirect(`/sandbox/bank?${q}`, 303);
    } catch (err) {
      if (err instanceof AppError && err.code === 'validation_failed') {
        return page(request, reply, 400, { error: 'bad_request', values });
      }
      throw err;
    }
  });

  app.get('/sandbox/bank/camt054.xml', { schema: { hide: true } }, async (request, reply) => {
    const date = (request.query as { date?: unknown }).date;
    const bookingDate = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
    const xml = await sandbox.camt054({ db: app.db, ...(bookingDate ? { bookingDate } : {}) });
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="sandbox-camt054${bookingDate ? `-${bookingDate}` : ''}.xml"`,
      )
      .type('application/xml; charset=utf-8')
      .send(xml);
  });

  app.post('/sandbox/bank/payout-files', { schema: { hide: true } }, async (request, reply) => {
    if (isForeignOrigin(request, publicOrigin)) return page(request, reply, 403, { error: 'forbidden' });
    if (!request.isMultipart()) return page(request, reply, 400, { error: 'bad_request' });
    const fields: Record<string, string> = {};
    let xml: string | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file' && xml === null) xml = bytes.toString('utf8');
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch {
      return page(request, reply, 400, { error: 'bad_request' });
    }
    if (!sandbox.isFormTokenValid(fields.token ?? ''))
      return page(request, reply, 403, { error: 'forbidden' });
    if (!xml) return page(request, reply, 400, { error: 'no_file' });
    const returnEndToEndId = fields.returnEndToEndId?.trim() || null;
    const reason = fields.returnReason as SandboxReturnReason | undefined;
    const result = await sandbox.executePayoutFile({
      db: app.db,
      xml,
      returnEndToEndId,
      ...(reason && sandboxReturnReasons.includes(reason) ? { returnReason: reason } : {}),
    });
    if (!result.ok) {
      return page(request, reply, 422, {
        error: 'file_refused',
        faults: result.faults.slice(0, 20).map((f) => `${f.path}: ${f.code} (${f.detail})`),
      });
    }
    const q = new URLSearchParams({ locale: sandboxPageLocale(request), executed: result.messageId });
    return reply.status(303).header('cache-control', 'no-store').redirect(`/sandbox/bank?${q}`, 303);
  });

  app.get('/sandbox/bank/payouts-camt054.xml', { schema: { hide: true } }, async (request, reply) => {
    const msgId = (request.query as { msgId?: unknown }).msgId;
    const messageId = typeof msgId === 'string' && msgId.length <= 35 ? msgId : undefined;
    const xml = await sandbox.payoutCamt054({ db: app.db, ...(messageId ? { messageId } : {}) });
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="sandbox-payouts-camt054.xml"')
      .type('application/xml; charset=utf-8')
      .send(xml);
  });
}
