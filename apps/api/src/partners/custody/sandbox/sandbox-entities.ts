/**
 * The checks of Tangany's Customers API on entities and customers, as its documentation states them
 * (decision 030), for the sandbox custodian: pure functions over the bodies as sent.
 */

/** An entity the sandbox custodian keeps: a natural or a legal person and its body as sent. */
export type SandboxEntity = {
  id: string;
  kind: 'natural_person' | 'legal_person';
  data: Record<string, unknown>;
};

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isCountry = (v: unknown) => typeof v === 'string' && /^[A-Z]{2}$/.test(v);
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Tangany's address: country (ISO 3166-1 alpha-2, or XX), city, postcode and street name. */
function addressProblem(name: string, v: unknown): string | null {
  if (!isObject(v)) return `${name} must be an object`;
  if (!isCountry(v.country)) return `${name}.country must be an ISO 3166-1 alpha-2 code`;
  for (const key of ['city', 'postcode', 'streetName'] as const) {
    if (!isText(v[key])) return `${name}.${key} is required`;
  }
  return null;
}

function optional(body: Record<string, unknown>, key: string, ok: (v: unknown) => boolean, what: string) {
  return body[key] === undefined || ok(body[key]) ? null : `${key} ${what}`;
}

/** Tangany's `kyc` of a natural person: id, date, method (`video_ident`) and the document if given. */
function kycProblem(kyc: unknown): string | null {
  if (!isObject(kyc)) return 'kyc must be an object';
  if (!isText(kyc.id)) return 'kyc.id is required';
  if (typeof kyc.date !== 'string' || Number.isNaN(Date.parse(kyc.date))) return 'kyc.date must be a date';
  if (kyc.method !== 'video_ident') return 'kyc.method must be video_ident';
  if (kyc.document === undefined) return null;
  const doc = kyc.document;
  if (!isObject(doc)) return 'kyc.document must be an object';
  for (const key of ['country', 'nationality']) {
    if (doc[key] !== undefined && !isCountry(doc[key])) return `kyc.document.${key} must be a country code`;
  }
  for (const key of ['issueDate', 'validUntil']) {
    if (doc[key] !== undefined && !isDate(doc[key])) return `kyc.document.${key} must be YYYY-MM-DD`;
  }
  return null;
}

/**
 * What Tangany's validation would refuse in an entity body (400), or null. A natural person needs
 * only its id; what it carries must be well formed (dates YYYY-MM-DD, ISO countries, kyc). A legal
 * person needs its name, legal form and legal address, and related entries naming an entity each.
 */
export function sandboxEntityProblem(
  kind: SandboxEntity['kind'],
  body: Record<string, unknown>,
): string | null {
  if (typeof body.id !== 'string' || !/^[0-9a-zA-Z-]{1,127}$/.test(body.id)) return 'id is required';
  if (kind === 'natural_person') {
    return (
      optional(body, 'birthDate', isDate, 'must be YYYY-MM-DD') ??
      optional(body, 'nationality', isCountry, 'must be a country code') ??
      optional(body, 'birthCountry', isCountry, 'must be a country code') ??
      (body.address === undefined ? null : addressProblem('address', body.address)) ??
      (body.kyc === undefined ? null : kycProblem(body.kyc))
    );
  }
  if (!isText(body.name)) return 'name is required';
  if (!isText(body.legalForm)) return 'legalForm is required';
  const address = addressProblem('legalAddress', body.legalAddress);
  if (address) return address;
  if (body.related !== undefined) {
    if (!Array.isArray(body.related)) return 'related must be a list';
    for (const r of body.related) {
      if (!isObject(r) || !isText(r.entityId)) return 'related[].entityId is required';
      if (
        r.sharePercentage !== undefined &&
        !(typeof r.sharePercentage === 'number' && r.sharePercentage >= 0 && r.sharePercentage <= 100)
      ) {
        return 'related[].sharePercentage must be 0 to 100';
      }
    }
  }
  return null;
}

function isUnder18(birthDate: unknown, now: Date): boolean {
  if (!isDate(birthDate)) return false;
  const [y, m, d] = (birthDate as string).split('-').map(Number) as [number, number, number];
  const adult = new Date(Date.UTC(y + 18, m - 1, d));
  return adult.getTime() > now.getTime();
}

/**
 * Tangany's refusal of a customer over its owner and authorised entities (its "Create customer"
 * restrictions), or null. Natural persons: nationality, address and kyc become required when related to
 * a customer (kyc not for an owner under 18): `entity_data_insufficient` with the entity and the
 * missing data; every authorised person must be an adult (`entity_must_be_an_adult`). Legal persons:
 * no restrictions.
 */
export function customerRefusalOf(
  owner: SandboxEntity,
  authorized: readonly SandboxEntity[],
  now: Date,
): { message: string; errorCode: string; details: Record<string, unknown> } | null {
  const related = [
    { entity: owner, isOwner: true, isAuthorized: authorized.some((a) => a.id === owner.id) },
    ...authorized
      .filter((a) => a.id !== owner.id)
      .map((entity) => ({ entity, isOwner: false, isAuthorized: true })),
  ];
  for (const { entity, isOwner, isAuthorized } of related) {
    if (entity.kind !== 'natural_person') continue;
    const under18 = isUnder18(entity.data.birthDate, now);
    if (isAuthorized && under18) {
      return {
        message: 'All authorized entities must be over 18 years old',
        errorCode: 'entity_must_be_an_adult',
        details: { entityId: entity.id },
      };
    }
    const missingData = ['nationality', 'address', 'kyc'].filter((key) => {
      if (key === 'kyc' && isOwner && !isAuthorized && under18) return false;
      return entity.data[key] === undefined || entity.data[key] === null;
    });
    if (missingData.length > 0) {
      return {
        message:
          'Referenced entity has not been provided with sufficient data to be used in the requested context',
        errorCode: 'entity_data_insufficient',
        details: { entityId: entity.id, missingData },
      };
    }
  }
  return null;
}
