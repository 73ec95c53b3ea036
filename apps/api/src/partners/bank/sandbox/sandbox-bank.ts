import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import { desc, eq, sql } from 'drizzle-orm';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { sandboxBankDebits, sandboxBankEntries } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/enqueue.ts';
import { checkPayoutFile, type PayoutFileFault } from '../../../modules/servicing/payout-file.ts';
import type { WebhookTransport } from '../../sandbox-webhooks.ts';
import { httpWebhookTransport } from '../../sandbox-webhooks.ts';
import {
  hmacSha256Hex,
  safeEqualHex,
  sandboxSignatureHeader,
  signWebhook,
  verifyWebhookSignature,
} from '../../webhook-signatures.ts';
import { type BankCreditPayload, type BankEvent, type BankPort, bankCreditPayloadSchema } from '../port.ts';
import { bankSandboxDeliverJob } from './bank-sandbox-deliver.job.ts';

/**
 * The sandbox bank: a small bank holding the issuers' collection accounts. A tester books an
 * incoming SEPA transfer on `/sandbox/bank` (debtor, IBAN, amount, remittance text); the bank keeps
 * the booking in `sandbox_bank_entries` under a unique entry reference and reports it a moment later
 * (`BANK_SANDBOX_DELAY_SECONDS`, a delayed job) as a signed "credit booked" webhook to the platform,
 * and offers its bookings as a camt.054 notification, so both ways in are exercised.
 *
 * Outgoing (issue 17): a tester submits a pain.001 payout file; the bank checks it as a bank would
 * (the platform's own EPC check: a file failing it is refused whole), executes each credit transfer
 * once (by end-to-end id, in `sandbox_bank_debits`), optionally returns one (an R-transaction with its
 * ISO reason code), and hands out the camt.054 debit notice the platform's payout confirmation reads.
 */

export const sandboxBankEventType = 'credit.booked';

export type SandboxBankEntry = typeof sandboxBankEntries.$inferSelect;
export type SandboxBankDebit = typeof sandboxBankDebits.$inferSelect;

/** Return reasons a tester may pick (ISO 20022 ExternalReturnReason1Code). */
export const sandboxReturnReasons = ['AC04', 'AC01', 'MD07', 'AM04'] as const;
export type SandboxReturnReason = (typeof sandboxReturnReasons)[number];

/** What executing a payout file did. */
export type PayoutFileExecution =
  | { ok: true; messageId: string; booked: number; duplicates: number; returned: number }
  | { ok: false; faults: PayoutFileFault[] };

export const bookTransferSchema = z.object({
  debtorName: z
    .string()
    .trim()
    .min(1)
    .max(70)
    .regex(/^[^\p{Cc}<>]*$/u),
  debtorIban: z
    .string()
    .transform((v) => electronicFormatIBAN(v) ?? '')
    .refine((v) => isValidIBAN(v), 'invalid IBAN'),
  amountCents: z.number().int().min(1).max(99_999_999_999),
  remittanceText: z
    .string()
    .trim()
    .max(140)
    .regex(/^[^\p{Cc}<>]*$/u)
    .transform((v) => v || null),
});
export type BookTransferInput = z.input<typeof bookTransferSchema>;

export type SandboxBank = BankPort & {
  provider: 'sandbox';
  sandbox: {
    delaySeconds: number;
    /** Books an incoming transfer and queues its webhook, in one transaction. */
    book: (opts: { db: Db; accountIban: string; transfer: BookTransferInput }) => Promise<SandboxBankEntry>;
    /** The latest bookings, newest first. */
    listEntries: (db: Db, limit?: number) => Promise<SandboxBankEntry[]>;
    /** The bookings (all, or of one booking date) as a camt.054.001.08 notification. */
    camt054: (opts: { db: Db; bookingDate?: string }) => Promise<string>;
    /**
     * Executes a pain.001 payout file: refused whole when it fails the EPC check; each transfer booked
     * once by end-to-end id; `returnEndToEndId` (if it is in the file) is booked and returned.
     */
    executePayoutFile: (opts: {
      db: Db;
      xml: string;
      returnEndToEndId?: string | null;
      returnReason?: SandboxReturnReason;
    }) => Promise<PayoutFileExecution>;
    /** The latest outgoing transfers, newest first. */
    listDebits: (db: Db, limit?: number) => Promise<SandboxBankDebit[]>;
    /** The outgoing transfers (of one payout file, or all) as a camt.054.001.08 debit notice. */
    payoutCamt054: (opts: { db: Db; messageId?: string }) => Promise<string>;
    /** Sends one booking's webhook to the platform (called by the delivery job). */
    deliver: (opts: { db: Db; entryId: number }) => Promise<void>;
    /** A form token valid for two hours (the page's forms carry it). */
    formToken: (nowMs?: number) => string;
    isFormTokenValid: (token: string, nowMs?: number) => boolean;
  };
};

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const amountText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function creditOf(e: SandboxBankEntry): BankCreditPayload {
  return {
    amountCents: e.amountCents,
    currency: e.currency,
    remittanceText: e.remittanceText,
    structuredReference: null,
    debtorName: e.debtorName,
    debtorIban: e.debtorIban,
    bookingDate: e.bookingDate,
    valueDate: e.bookingDate,
    entryReference: e.entryReference,
    statementId: null,
  };
}

/** The bookings as an ISO 20022 camt.054.001.08 (what the platform's statement import reads). */
export function sandboxCamt054(entries: readonly SandboxBankEntry[], now = new Date()): string {
  const created = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const id = `SBX-NTF-${createHash('sha256')
    .update(entries.map((e) => e.entryReference).join(','))
    .digest('hex')
    .slice(0, 16)}`;
  const byAccount = new Map<string, SandboxBankEntry[]>();
  for (const e of entries) byAccount.set(e.accountIban, [...(byAccount.get(e.accountIban) ?? []), e]);
  const notifications = [...byAccount.entries()].map(
    ([iban, list], i) => `    <Ntfctn>
      <Id>${id}-${i + 1}</Id>
      <CreDtTm>${created}</CreDtTm>
      <Acct><Id><IBAN>${xmlEscape(iban)}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${list
  .map(
    (e) => `      <Ntry>
        <NtryRef>${xmlEscape(e.entryReference)}</NtryRef>
        <Amt Ccy="${xmlEscape(e.currency)}">${amountText(e.amountCents)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${e.bookingDate}</Dt></BookgDt>
        <ValDt><Dt>${e.bookingDate}</Dt></ValDt>
        <AcctSvcrRef>${xmlEscape(e.entryReference)}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${xmlEscape(e.entryReference)}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="${xmlEscape(e.currency)}">${amountText(e.amountCents)}</Amt>
            <RltdPties>
              <Dbtr><Pty><Nm>${xmlEscape(e.debtorName)}</Nm></Pty></Dbtr>
              <DbtrAcct><Id><IBAN>${xmlEscape(e.debtorIban)}</IBAN></Id></DbtrAcct>
            </RltdPties>
${e.remittanceText ? `            <RmtInf><Ustrd>${xmlEscape(e.remittanceText)}</Ustrd></RmtInf>\n` : ''}          </TxDtls>
        </NtryDtls>
      </Ntry>`,
  )
  .join('\n')}
    </Ntfctn>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>
${notifications.join('\n')}
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

/**
 * Outgoing transfers as an ISO 20022 camt.054.001.08 debit notice: each a booked DBIT entry with the
 * payer's end-to-end id; a returned one also as the credit of its return (BkTxCd PMNT/ICDT/RRTN) with
 * `RtrInf` and the reason, as German banks report an R-transaction.
 */
export function sandboxPayoutCamt054(debits: readonly SandboxBankDebit[], now = new Date()): string {
  const created = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const id = `SBX-DBT-${createHash('sha256')
    .update(debits.map((d) => `${d.entryReference}:${d.status}`).join(','))
    .digest('hex')
    .slice(0, 16)}`;
  const byAccount = new Map<string, SandboxBankDebit[]>();
  for (const d of debits) byAccount.set(d.accountIban, [...(byAccount.get(d.accountIban) ?? []), d]);
  const entry = (d: SandboxBankDebit, returned: boolean) => {
    const ref = returned ? `${d.entryReference}R` : d.entryReference;
    return `      <Ntry>
        <NtryRef>${xmlEscape(ref)}</NtryRef>
        <Amt Ccy="${xmlEscape(d.currency)}">${amountText(d.amountCents)}</Amt>
        <CdtDbtInd>${returned ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${d.bookingDate}</Dt></BookgDt>
        <ValDt><Dt>${d.bookingDate}</Dt></ValDt>
        <AcctSvcrRef>${xmlEscape(ref)}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>${returned ? 'RRTN' : 'ESCT'}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${xmlEscape(ref)}</AcctSvcrRef><PmtInfId>${xmlEscape(d.paymentInfoId)}</PmtInfId><EndToEndId>${xmlEscape(d.endToEndId)}</EndToEndId></Refs>
            <Amt Ccy="${xmlEscape(d.currency)}">${amountText(d.amountCents)}</Amt>
            <RltdPties>
              <Dbtr><Pty><Nm>${xmlEscape(d.debtorName)}</Nm></Pty></Dbtr>
              <DbtrAcct><Id><IBAN>${xmlEscape(d.accountIban)}</IBAN></Id></DbtrAcct>
              <Cdtr><Pty><Nm>${xmlEscape(d.creditorName)}</Nm></Pty></Cdtr>
              <CdtrAcct><Id><IBAN>${xmlEscape(d.creditorIban)}</IBAN></Id></CdtrAcct>
            </RltdPties>
${d.remittanceText ? `            <RmtInf><Ustrd>${xmlEscape(d.remittanceText)}</Ustrd></RmtInf>\n` : ''}${returned ? `            <RtrInf><Rsn><Cd>${xmlEscape(d.returnReason ?? 'NARR')}</Cd></Rsn></RtrInf>\n` : ''}          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  };
  const notifications = [...byAccount.entries()].map(
    ([iban, list], i) => `    <Ntfctn>
      <Id>${id}-${i + 1}</Id>
      <CreDtTm>${created}</CreDtTm>
      <Acct><Id><IBAN>${xmlEscape(iban)}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${list.flatMap((d) => (d.status === 'returned' ? [entry(d, false), entry(d, true)] : [entry(d, false)])).join('\n')}
    </Ntfctn>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>
${notifications.join('\n')}
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

const envelopeSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/),
  type: z.string().max(100),
  data: z.unknown(),
});

/** Reads the sandbox bank's envelope `{ id, type, created, data }` (never throws). */
export function readSandboxBankEvent(body: unknown, rawBody: Buffer): BankEvent {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) {
    return {
      eventId: `sha256:${createHash('sha256').update(rawBody).digest('hex').slice(0, 40)}`,
      type: 'unknown',
      credit: null,
      problem: 'malformed_payload',
    };
  }
  const { id, type, data } = envelope.data;
  if (type !== sandboxBankEventType)
    return { eventId: id, type, credit: null, problem: 'unknown_event_type' };
  const credit = bankCreditPayloadSchema.safeParse(data);
  return credit.success
    ? { eventId: id, type, credit: credit.data, problem: null }
    : { eventId: id, type, credit: null, problem: 'malformed_payload' };
}

export function createSandboxBank(opts: {
  webhookUrl: string;
  webhookSecret: string;
  formSecret: string;
  delaySeconds: number;
  transport?: WebhookTransport;
}): SandboxBank {
  const transport = opts.transport ?? httpWebhookTransport;
  const tokenLifetimeMs = 2 * 60 * 60 * 1000;

  async function findEntry(db: Db, id: number) {
    const [row] = await db.select().from(sandboxBankEntries).where(eq(sandboxBankEntries.id, id));
    return row ?? null;
  }

  return {
    provider: 'sandbox',

    verifyWebhook({ rawBody, headers }) {
      const header = headers[sandboxSignatureHeader];
      const check = verifyWebhookSignature({
        secret: opts.webhookSecret,
        rawBody,
        header: typeof header === 'string' ? header : undefined,
      });
      return check.ok ? { ok: true } : { ok: false, reason: check.reason };
    },

    readEvent: readSandboxBankEvent,

    sandbox: {
      delaySeconds: opts.delaySeconds,

      async book({ db, accountIban, transfer }) {
        const parsed = bookTransferSchema.safeParse(transfer);
        if (!parsed.success) throw new AppError('validation_failed', { detail: 'sandbox bank transfer' });
        const t = parsed.data;
        return db.transaction(async (tx) => {
          // Booking day in Berlin, as a German bank books.
          const bookingDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
            new Date(),
          );
          const [row] = await tx
            .insert(sandboxBankEntries)
            .values({
              entryReference: `SBX${bookingDate.replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`,
              eventId: `evt_${randomBytes(16).toString('hex')}`,
              accountIban,
              debtorName: t.debtorName,
              debtorIban: t.debtorIban,
              amountCents: t.amountCents,
              remittanceText: t.remittanceText,
              bookingDate,
            })
            .returning();
          await enqueueJob(
            tx,
            bankSandboxDeliverJob,
            { entryId: row!.id },
            { startAfter: opts.delaySeconds },
          );
          return row!;
        });
      },

      async listEntries(db, limit = 50) {
        return db.select().from(sandboxBankEntries).orderBy(desc(sandboxBankEntries.id)).limit(limit);
      },

      async camt054({ db, bookingDate }) {
        const rows = await db
          .select()
          .from(sandboxBankEntries)
          .where(bookingDate ? eq(sandboxBankEntries.bookingDate, bookingDate) : sql`true`)
          .orderBy(sandboxBankEntries.id)
          .limit(10_000);
        return sandboxCamt054(rows);
      },

      async executePayoutFile({ db, xml, returnEndToEndId, returnReason }) {
        const check = checkPayoutFile(xml);
        if (!check.ok) return check;
        const bookingDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
          new Date(),
        );
        const rows = check.paymentInfos.flatMap((info) =>
          info.transfers.map((t) => {
            const returned = returnEndToEndId != null && t.endToEndId === returnEndToEndId;
            return {
              entryReference: `SBD${bookingDate.replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`,
              messageId: check.messageId,
              paymentInfoId: info.paymentInfoId,
              endToEndId: t.endToEndId,
              accountIban: info.debtorIban,
              debtorName: info.debtorName,
              creditorName: t.creditorName,
              creditorIban: t.creditorIban,
              amountCents: t.amountCents,
              remittanceText: t.remittanceText,
              requestedExecutionDate: info.requestedExecutionDate,
              bookingDate,
              status: returned ? ('returned' as const) : ('booked' as const),
              returnReason: returned ? (returnReason ?? 'AC04') : null,
            };
          }),
        );
        // A transfer (end-to-end id) is executed once: the same file again books nothing new.
        const inserted = await db.insert(sandboxBankDebits).values(rows).onConflictDoNothing().returning();
        return {
          ok: true,
          messageId: check.messageId,
          booked: inserted.length,
          duplicates: rows.length - inserted.length,
          returned: inserted.filter((r) => r.status === 'returned').length,
        };
      },

      async listDebits(db, limit = 50) {
        return db.select().from(sandboxBankDebits).orderBy(desc(sandboxBankDebits.id)).limit(limit);
      },

      async payoutCamt054({ db, messageId }) {
        const rows = await db
          .select()
          .from(sandboxBankDebits)
          .where(messageId ? eq(sandboxBankDebits.messageId, messageId) : sql`true`)
          .orderBy(sandboxBankDebits.id)
          .limit(10_000);
        return sandboxPayoutCamt054(rows);
      },

      async deliver({ db, entryId }) {
        const entry = await findEntry(db, entryId);
        if (!entry) throw new Error('sandbox bank entry not found');
        const body = JSON.stringify({
          id: entry.eventId,
          type: sandboxBankEventType,
          created: entry.bookedAt.toISOString(),
          data: creditOf(entry),
        });
        const { status } = await transport({
          url: opts.webhookUrl,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'tokenwerk-bank-sandbox/1',
            [sandboxSignatureHeader]: signWebhook(opts.webhookSecret, body),
          },
          body,
        });
        if (status < 200 || status > 299)
          throw new Error(`the platform answered ${status} to the bank webhook`);
        await db
          .update(sandboxBankEntries)
          .set({ deliveredAt: new Date() })
          .where(eq(sandboxBankEntries.id, entryId));
      },

      formToken(nowMs = Date.now()) {
        const ts = String(nowMs);
        return `${ts}.${hmacSha256Hex(opts.formSecret, `bank-form:${ts}`).slice(0, 40)}`;
      },

      isFormTokenValid(token, nowMs = Date.now()) {
        const m = /^(\d{13})\.([0-9a-f]{40})$/.exec(token);
        if (!m) return false;
        const ts = Number(m[1]);
        if (nowMs - ts > tokenLifetimeMs || ts - nowMs > 60_000) return false;
        return safeEqualHex(m[2]!, hmacSha256Hex(opts.formSecret, `bank-form:${m[1]}`).slice(0, 40));
      },
    },
  };
}
