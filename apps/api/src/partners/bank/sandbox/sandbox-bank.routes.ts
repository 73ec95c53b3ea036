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
 * `GET /sandbox/bank/camt054.xml` hands out the bookings as a camt.054 file. CSRF: a form token that
 * expires after two hours, and a POST from another origin is refused.
 */
export async function sandboxBankRoutes(app: App) {
  const bank = app.partners.bank;
  if (!isSandboxBank(bank)) return;
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
    extra: { booked?: string | null; error?: SandboxBankError | null; values?: Record<string, string> } = {},
  ) {
    return sendSandboxPage(
      reply,
      status,
      renderSandboxBankPage({
        locale: sandboxPageLocale(request),
        token: sandbox.formToken(),
        accounts: await accounts(),
        entries: await sandbox.listEntries(app.db),
        delaySeconds: sandbox.delaySeconds,
        booked: extra.booked ?? null,
        error: extra.error ?? null,
        ...(extra.values ? { values: extra.values } : {}),
      }),
    );
  }

  app.get('/sandbox/bank', { schema: { hide: true } }, async (request, reply) => {
    const booked = (request.query as { booked?: unknown }).booked;
    return page(request, reply, 200, {
      booked: typeof booked === 'string' && /^SBX[0-9A-F]{20}$/.test(booked) ? booked : null,
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
}
