import { createHash } from 'node:crypto';
import { isPartnerResult } from '@token/domain/identification';
import { z } from 'zod';
import type { IdentificationEvent, IdentificationOutcome } from './port.ts';

/**
 * IDnow's identification result, as its result callback posts it and `GET
 * /api/v1/{companyid}/identifications/{transactionnumber}` answers it: `identificationprocess`
 * (result, reason, id, transactionnumber, identificationtime, …), `contactdata`, `userdata` (each
 * field `{ value, status: MATCH | CHANGE | NEW, original? }`), `identificationdocument` and
 * `attachments`. The sandbox partner sends the same shape inside its signed envelope.
 */

const item = z.looseObject({
  value: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  original: z.string().nullable().optional(),
});
type Item = z.infer<typeof item>;

export const idnowIdentificationSchema = z.looseObject({
  identificationprocess: z.looseObject({
    result: z.string().max(64),
    reason: z.string().max(200).nullable().optional(),
    id: z.string().max(100).nullable().optional(),
    transactionnumber: z.string().min(1).max(100),
    identificationtime: z.string().max(64).nullable().optional(),
    companyid: z.string().max(100).nullable().optional(),
    type: z.string().max(20).nullable().optional(),
  }),
  contactdata: z.looseObject({}).nullable().optional(),
  userdata: z
    .looseObject({
      firstname: item.optional(),
      lastname: item.optional(),
      birthday: item.optional(),
      birthplace: item.optional(),
      birthname: item.optional(),
      nationality: item.optional(),
      title: item.optional(),
      gender: item.optional(),
      address: z
        .looseObject({
          street: item.optional(),
          streetnumber: item.optional(),
          zipcode: item.optional(),
          city: item.optional(),
          country: item.optional(),
        })
        .optional(),
    })
    .nullable()
    .optional(),
  identificationdocument: z
    .looseObject({
      type: item.optional(),
      number: item.optional(),
      country: item.optional(),
      issuedby: item.optional(),
      dateissued: item.optional(),
      validuntil: item.optional(),
    })
    .nullable()
    .optional(),
});
export type IdnowIdentification = z.infer<typeof idnowIdentificationSchema>;

/** The event type under which IDnow results are recorded. */
export const idnowResultEventType = 'identificationprocess.result';

const itemValue = (i: Item | undefined) => i?.value ?? null;

/** The outcome of an IDnow result, or null when the result is not one IDnow documents. */
export function outcomeOfIdnowResult(data: IdnowIdentification): IdentificationOutcome | null {
  const process = data.identificationprocess;
  if (!isPartnerResult(process.result)) return null;
  const user = data.userdata ?? {};
  const address = user.address ?? {};
  const fields: Record<string, Item | undefined> = {
    firstName: user.firstname,
    lastName: user.lastname,
    birthDate: user.birthday,
    birthPlace: user.birthplace,
    birthName: user.birthname,
    nationality: user.nationality,
    title: user.title,
    street: address.street,
    streetNumber: address.streetnumber,
    postcode: address.zipcode,
    city: address.city,
    country: address.country,
  };
  const person = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, itemValue(v)]));
  const changed = Object.entries(fields)
    .filter(([, v]) => v?.status === 'CHANGE')
    .map(([k]) => k);
  const doc = data.identificationdocument ?? {};
  return {
    result: process.result,
    reason: process.reason ?? null,
    partnerIdentId: process.id ?? null,
    identifiedAt: process.identificationtime ?? null,
    person,
    changed,
    document: {
      type: itemValue(doc.type),
      number: itemValue(doc.number),
      country: itemValue(doc.country),
      issuedBy: itemValue(doc.issuedby),
      issuedAt: itemValue(doc.dateissued),
      validUntil: itemValue(doc.validuntil),
    },
  };
}

/** A stable id for a payload without one of its own: the hash of its bytes. */
export function bodyDigestId(rawBody: Buffer): string {
  return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

/**
 * Reads IDnow's result (the callback body, or the sandbox envelope's `data`) into an event. IDnow
 * sends no event id: a result is identified by the transaction, IDnow's ident id, the result and its
 * time, so a repeated callback, or the same result fetched from the API, is one event while a later
 * decision (REVIEW_PENDING, then SUCCESS) is another.
 */
export function eventOfIdnowResult(
  body: unknown,
  rawBody: Buffer,
  envelope?: { eventId: string; type: string },
): IdentificationEvent {
  const parsed = idnowIdentificationSchema.safeParse(body);
  if (!parsed.success) {
    return {
      eventId: envelope?.eventId ?? bodyDigestId(rawBody),
      type: envelope?.type ?? idnowResultEventType,
      transactionNumber: null,
      outcome: null,
      problem: 'malformed_payload',
    };
  }
  const p = parsed.data.identificationprocess;
  const outcome = outcomeOfIdnowResult(parsed.data);
  return {
    eventId:
      envelope?.eventId ??
      `${p.transactionnumber}:${p.id ?? '-'}:${p.result}:${p.identificationtime ?? bodyDigestId(rawBody)}`,
    type: envelope?.type ?? idnowResultEventType,
    transactionNumber: p.transactionnumber,
    outcome,
    problem: outcome ? null : 'unknown_result',
  };
}
