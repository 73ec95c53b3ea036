import { randomUUID } from 'node:crypto';
import { AppError, type FieldViolation, notFound } from '@token/domain/errors';
import {
  assertCanTransition,
  decideIdentificationStart,
  type IdentificationView,
  identificationViewOf,
  type KycState,
  kycLifecycle,
  kycPassedAfter,
  kycPassedStates,
  kycStateAfterPartnerResult,
  parseKycState,
  partnerRetryResults,
} from '@token/domain/identification';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  addresses,
  complianceAuditLog,
  customers,
  identifications,
  partnerEvents,
} from '../../db/schema/index.ts';
import { readIdentificationEvent } from '../../partners/identification/create-identification.ts';
import type { IdentificationPerson, IdentificationPort } from '../../partners/identification/port.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import { identificationMailKindOf, renderIdentificationMail } from './identification-mails.ts';

type IdentificationRow = typeof identifications.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** Stored states are written through the KYC lifecycle only; an unknown one is a defect. */
function stateOf(row: Pick<IdentificationRow, 'id' | 'state'>): KycState {
  const state = parseKycState(row.state);
  if (!state) throw new Error(`identification ${row.id} has an unknown state`);
  return state;
}

function viewOf(row: IdentificationRow): IdentificationView {
  return identificationViewOf({ ...row, state: stateOf(row) });
}

async function latestIdentification(db: Db, customerId: number): Promise<IdentificationRow | null> {
  const [row] = await db
    .select()
    .from(identifications)
    .where(eq(identifications.customerId, customerId))
    .orderBy(desc(identifications.createdAt), desc(identifications.id))
    .limit(1);
  return row ?? null;
}

/**
 * The person as the partner needs it (spec 3 personal profile: names, birth date, nationality, the
 * personal address, mobile number). Throws 409 `onboarding_step_missing` naming what is missing:
 * identification comes after the personal data (spec 2 entry gating).
 */
export async function identificationPersonOf(db: Db, customer: CustomerRow): Promise<IdentificationPerson> {
  const [address] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, customer.id), eq(addresses.kind, 'personal')))
    .orderBy(desc(eq(addresses.id, customer.defaultAddressId ?? 0)), desc(addresses.id))
    .limit(1);
  const required = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    birthDate: customer.birthDate,
    nationality: customer.nationality,
    mobileNumber: customer.mobileNumber,
    defaultAddress: address?.street,
  };
  const violations: FieldViolation[] = Object.entries(required)
    .filter(([, v]) => !v?.trim())
    .map(([propertyPath]) => ({ propertyPath, code: 'required' }));
  if (violations.length > 0 || !address) {
    throw new AppError('onboarding_step_missing', {
      violations,
      detail: 'the personal data is incomplete for an identification',
    });
  }
  return {
    salutation: customer.salutation,
    title: customer.title,
    firstName: customer.firstName!,
    lastName: customer.lastName!,
    birthDate: customer.birthDate!,
    birthPlace: customer.birthCity,
    nationality: customer.nationality!,
    address: {
      street: address.street,
      postcode: address.postcode,
      city: address.city,
      country: address.countryCode,
    },
    mobileNumber: customer.mobileNumber!,
    email: customer.email,
  };
}

/**
 * POST identification/start: starts an identification with the partner and answers it with the
 * partner's link, or hands out the latest one's link again while it is unused and valid. Refuses 409
 * `identification_passed` once passed and `identification_in_progress` while a check runs. The
 * partner is called outside any lock; the customer row is locked afterwards and the decision taken
 * again, so two starts at once make one identification.
 */
export async function startIdentification(opts: {
  db: Database;
  partner: IdentificationPort;
  customerId: number;
  now?: Date;
}): Promise<{ identification: IdentificationView; created: boolean }> {
  const { db, partner, customerId } = opts;
  const now = opts.now ?? new Date();
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw notFound();

  const decide = (c: CustomerRow, latest: IdentificationRow | null) =>
    decideIdentificationStart({
      kycPassed: c.kycPassed,
      latest: latest && { state: stateOf(latest), createdAt: latest.createdAt, updatedAt: latest.updatedAt },
      now,
    });
  const settle = (c: CustomerRow, latest: IdentificationRow | null) => {
    const decision = decide(c, latest);
    if (decision.action === 'refuse') throw new AppError(decision.code);
    if (decision.action === 'reuse') return { identification: viewOf(latest!), created: false };
    return null;
  };

  const early = settle(customer, await latestIdentification(db, customerId));
  if (early) return early;

  const person = await identificationPersonOf(db, customer);
  const started = await partner.startIdentification({
    db,
    transactionNumber: randomUUID(),
    person,
    locale: customer.locale,
  });

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!locked) throw notFound();
    // Another start may have won meanwhile; its answer stands (the partner's unused case expires).
    const again = settle(locked, await latestIdentification(tx, customerId));
    if (again) return again;
    const [row] = await tx
      .insert(identifications)
      .values({
        customerId,
        provider: partner.provider,
        externalId: started.externalId,
        state: 'init',
        urlKycStart: started.urlKycStart,
      })
      .returning();
    return { identification: viewOf(row!), created: true };
  });
}

/** GET identification: the customer's identifications, newest first. */
export async function listIdentifications(opts: {
  db: Db;
  customerId: number;
  page: Page;
}): Promise<{ items: IdentificationView[]; totalItems: number }> {
  const { db, customerId, page } = opts;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(identifications)
      .where(eq(identifications.customerId, customerId))
      .orderBy(desc(identifications.createdAt), desc(identifications.id))
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.select({ n: count() }).from(identifications).where(eq(identifications.customerId, customerId)),
  ]);
  return { items: rows.map(viewOf), totalItems: total?.n ?? 0 };
}

/** GET identification/{id}: one of the customer's identifications; another's is 404. */
export async function getIdentification(opts: {
  db: Db;
  customerId: number;
  id: number;
}): Promise<IdentificationView> {
  const [row] = await opts.db
    .select()
    .from(identifications)
    .where(and(eq(identifications.id, opts.id), eq(identifications.customerId, opts.customerId)));
  if (!row) throw notFound();
  return viewOf(row);
}

export type ProcessOutcome = 'applied' | 'already_processed' | 'failed';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Applies one recorded partner event (the `identification.process` job): the identification moves
 * to the state the partner's result means, through the KYC lifecycle; a passed state sets the
 * customer's `kycPassed`, a final rejection of the identification that had passed resets it
 * (`kycPassedAfter`, with its own audit row); the result data is stored; the decision is written to the
 * compliance audit log (actor: the platform); the customer gets a mail in their language. All in
 * one transaction with the event marked processed, so a repeated run changes nothing. An event that
 * cannot be applied (unknown transaction, a result after the final decision, …) is kept with its
 * `error` and logged.
 */
export async function processIdentificationEvent(opts: {
  db: Database;
  mail: MailPort;
  publicUrl: string;
  partnerEventId: number;
  log: Logger;
}): Promise<ProcessOutcome> {
  const { db, mail, publicUrl, partnerEventId, log } = opts;
  return db.transaction(async (tx) => {
    const [ev] = await tx
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.id, partnerEventId))
      .for('update');
    if (!ev || ev.processedAt) return 'already_processed';
    const now = new Date();
    const fail = async (error: string): Promise<ProcessOutcome> => {
      await tx.update(partnerEvents).set({ error, processedAt: now }).where(eq(partnerEvents.id, ev.id));
      log.warn(
        { provider: ev.provider, eventId: ev.eventId, type: ev.type, error },
        'identification event not applied',
      );
      return 'failed';
    };

    const event = readIdentificationEvent(ev.provider, ev.payload);
    if (!event) return fail('unknown_provider');
    if (event.problem || !event.outcome || !event.transactionNumber)
      return fail(event.problem ?? 'malformed_payload');
    const outcome = event.outcome;
    const [ident] = await tx
      .select()
      .from(identifications)
      .where(
        and(
          eq(identifications.provider, ev.provider),
          eq(identifications.externalId, event.transactionNumber),
        ),
      )
      .for('update');
    if (!ident) return fail('unknown_transaction');

    // The same decision twice (a callback and the result fetched from the partner's API carry other
    // event ids, decision 029): booked once, the second kept as processed without an error.
    const booked = ident.result as { identifiedAt?: string | null } | null;
    if (ident.partnerResult === outcome.result && (booked?.identifiedAt ?? null) === outcome.identifiedAt) {
      await tx
        .update(partnerEvents)
        .set({ processedAt: now, error: null })
        .where(eq(partnerEvents.id, ev.id));
      log.info(
        { identificationId: ident.id, partnerResult: outcome.result },
        'identification result already booked',
      );
      return 'already_processed';
    }

    const from = stateOf(ident);
    const to = kycStateAfterPartnerResult(from, outcome.result);
    try {
      assertCanTransition(kycLifecycle, from, to);
    } catch (err) {
      if (err instanceof AppError) return fail(`invalid_transition: ${from} -> ${to} (${outcome.result})`);
      throw err;
    }

    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, ident.customerId))
      .for('update');
    if (!customer) return fail('unknown_customer');

    const decided = to !== 'init' && to !== 'new' && to !== 'pending';
    await tx
      .update(identifications)
      .set({
        state: to,
        partnerResult: outcome.result,
        result: { ...outcome, eventId: ev.eventId },
        decidedAt: decided ? now : ident.decidedAt,
        updatedAt: now,
      })
      .where(eq(identifications.id, ident.id));

    // spec 4: passed is cached once reached; decision 009 (amended): a final rejection of the
    // identification that had passed takes it back (GwG § 11), unless another one passed.
    const [otherPassed] = await tx
      .select({ id: identifications.id })
      .from(identifications)
      .where(
        and(
          eq(identifications.customerId, customer.id),
          ne(identifications.id, ident.id),
          inArray(identifications.state, [...kycPassedStates]),
        ),
      )
      .limit(1);
    const after = kycPassedAfter({
      wasPassed: customer.kycPassed,
      from,
      to,
      otherPassed: Boolean(otherPassed),
    });
    if (after.kycPassed !== customer.kycPassed) {
      await tx
        .update(customers)
        .set({ kycPassed: after.kycPassed, updatedAt: now })
        .where(eq(customers.id, customer.id));
    }
    await tx.insert(complianceAuditLog).values({
      customerId: customer.id,
      actorId: null,
      action: 'identification_result',
      reason: outcome.reason,
      details: {
        identificationId: ident.id,
        provider: ev.provider,
        eventId: ev.eventId,
        partnerResult: outcome.result,
        partnerIdentId: outcome.partnerIdentId,
        from,
        to,
        kycPassed: after.kycPassed,
      },
    });
    if (after.revoked) {
      await tx.insert(complianceAuditLog).values({
        customerId: customer.id,
        actorId: null,
        action: 'kyc_passed_revoked',
        reason: outcome.reason,
        details: { identificationId: ident.id, provider: ev.provider, eventId: ev.eventId, from, to },
      });
    }

    const attemptEnded = (partnerRetryResults as readonly string[]).includes(outcome.result);
    if (to !== from || attemptEnded) {
      const channel = await findShopChannel({ db: tx });
      const platform = channel?.name ?? 'Tokenwerk';
      const kind = identificationMailKindOf(to);
      const { subject, text } = renderIdentificationMail(kind, customer.locale, {
        name: greetingName(customer),
        platform,
        continueUrl: `${publicUrl}/self-disclosure/kyc`,
        restartUrl: ident.urlKycStart,
        contactUrl: `${publicUrl}/contact`,
      });
      await mail.queue(tx, {
        to: customer.email,
        from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
        subject,
        text,
        template: kind,
      });
    }
    await tx.update(partnerEvents).set({ processedAt: now, error: null }).where(eq(partnerEvents.id, ev.id));
    log.info(
      { identificationId: ident.id, from, to, partnerResult: outcome.result },
      'identification result applied',
    );
    return 'applied';
  });
}
