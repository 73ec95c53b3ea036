import type { custodyIdsOf } from './custody-ids.ts';
import type { CustodyCompany, CustodyHolder, CustodyPerson, CustodyRelatedPerson } from './port.ts';

/** One entity to create in Tangany's Customers API (`POST /entities/{kind}`) before the customer. */
export type TanganyEntityRequest = {
  kind: 'natural-persons' | 'legal-persons';
  body: Record<string, unknown>;
};

/** What makes a holder a Tangany customer: its entities in creation order, then the customer itself. */
export type TanganyCustomerPlan = { entities: TanganyEntityRequest[]; customer: Record<string, unknown> };

/** Keeps the fields that have a value: what the platform does not know is left out, never sent empty. */
function known(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
}

/**
 * Tangany's natural person (`POST /entities/natural-persons`): names, birth, nationality, e-mail, the
 * address and the identification as `kyc` with its `document`. Tangany asks for the nationality in the
 * person and in the KYC document both; the document's falls back to the person's.
 */
export function naturalPersonBody(entityId: string, person: CustodyPerson): Record<string, unknown> {
  const { kyc } = person;
  const document = kyc?.document
    ? known({ ...kyc.document, nationality: kyc.document.nationality ?? person.nationality })
    : null;
  return known({
    id: entityId,
    firstName: person.firstName,
    lastName: person.lastName,
    birthDate: person.birthDate,
    birthPlace: person.birthPlace,
    birthCountry: person.birthCountry,
    nationality: person.nationality,
    email: person.email,
    address: person.address,
    kyc: kyc
      ? known({
          id: kyc.id,
          date: kyc.date,
          method: kyc.method,
          document: document && Object.keys(document).length > 0 ? document : null,
        })
      : null,
  });
}

/** One entry of a legal person's `related`: the natural person's entity and their role in the company. */
function relatedEntry(entityId: string, rel: Omit<CustodyRelatedPerson, 'key' | 'person'>) {
  return known({
    entityId,
    isUltimateBeneficialOwner: rel.isUltimateBeneficialOwner,
    isFictitiousBeneficialOwner: rel.isFictitiousBeneficialOwner,
    position: rel.position,
    sharePercentage: rel.sharePercentage,
  });
}

/**
 * Tangany's legal person (`POST /entities/legal-persons`): name, legal form, commercial register, tax
 * and VAT ids, the legal address and the natural persons related to it (entities created before).
 */
export function legalPersonBody(
  entityId: string,
  company: CustodyCompany,
  related: Record<string, unknown>[],
): Record<string, unknown> {
  return known({
    id: entityId,
    name: company.name,
    legalForm: company.legalForm,
    commercialRegister: company.commercialRegister,
    taxId: company.taxId,
    vatId: company.vatId,
    legalAddress: company.legalAddress,
    related,
  });
}

/**
 * The Customers API requests that make the holder Tangany's customer (decision 030). A natural person
 * owns their own customer and is its authorised entity. A company account's customer is owned by the
 * legal person; its related natural persons (the user, representatives, beneficial owners) are created
 * first, and the user, the one person who identified and acts for the company on the platform, is the
 * authorised entity.
 */
export function tanganyCustomerPlan(
  holder: CustodyHolder,
  ids: ReturnType<typeof custodyIdsOf>,
  signedDate: string,
): TanganyCustomerPlan {
  const contracts = [{ type: 'standard', signedDate, cancelledDate: null }];
  const { company } = holder;
  if (!company) {
    return {
      entities: [{ kind: 'natural-persons', body: naturalPersonBody(ids.entityId, holder.person) }],
      customer: {
        id: ids.customerId,
        contracts,
        owner: { entityId: ids.entityId },
        authorized: [{ entityId: ids.entityId }],
      },
    };
  }
  const userId = ids.personEntityId('user');
  const persons = company.related.map((r) => ({ id: ids.personEntityId(r.key), r }));
  return {
    entities: [
      { kind: 'natural-persons', body: naturalPersonBody(userId, holder.person) },
      ...persons.map(({ id, r }) => ({
        kind: 'natural-persons' as const,
        body: naturalPersonBody(id, r.person),
      })),
      {
        kind: 'legal-persons',
        body: legalPersonBody(ids.entityId, company, [
          relatedEntry(userId, company.user),
          ...persons.map(({ id, r }) => relatedEntry(id, r)),
        ]),
      },
    ],
    customer: {
      id: ids.customerId,
      contracts,
      owner: { entityId: ids.entityId },
      authorized: [{ entityId: userId }],
    },
  };
}
