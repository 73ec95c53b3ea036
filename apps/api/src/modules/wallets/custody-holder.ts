import type { CompanyType } from '@token/domain/accounts';
import { claimsBeneficialOwnership, effectiveRoles, shareScale } from '@token/domain/onboarding';
import { uboRoleCodes } from '@token/domain/profile';
import type { uboUsers } from '../../db/schema/index.ts';
import type {
  CustodyAddress,
  CustodyCompany,
  CustodyKycDocument,
  CustodyRelatedPerson,
} from '../../partners/custody/port.ts';

type UboRow = typeof uboUsers.$inferSelect;

/** The legal form as a German register writes it, for each company type of spec 3. */
const legalForms: Record<CompanyType, string> = {
  public_company: 'AG',
  registered_cooperative: 'eG',
  limited_liability_company: 'GmbH',
  small_limited_company: 'UG (haftungsbeschränkt)',
  limited_liability_limited_partnership: 'GmbH & Co. KG',
  limited_partnership: 'KG',
  limited_company: 'Ltd.',
  foundation: 'Stiftung',
};

const isCountry = (v: unknown): v is string => typeof v === 'string' && /^[A-Z]{2}$/.test(v);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** IDnow's document types as Tangany names them (its example shows `id_card`); others are left out. */
const documentTypes: Record<string, CustodyKycDocument['type']> = { IDCARD: 'id_card', PASSPORT: 'passport' };

/**
 * The identity document of a passed identification, from what the KYC partner reported and the
 * platform stored (`identifications.result.document`, IDnow's `identificationdocument`), with the
 * nationality the partner read; null when nothing of it is known. Malformed dates and countries are
 * left out rather than sent.
 */
export function custodyKycDocumentOf(result: unknown): CustodyKycDocument | null {
  if (typeof result !== 'object' || result === null) return null;
  const { document, person } = result as {
    document?: Record<string, unknown>;
    person?: Record<string, unknown>;
  };
  if (!document) return null;
  const type =
    typeof document.type === 'string' ? (documentTypes[document.type.toUpperCase()] ?? null) : null;
  const doc: CustodyKycDocument = {
    type,
    number: text(document.number),
    country: isCountry(document.country) ? document.country : null,
    nationality: isCountry(person?.nationality) ? person.nationality : null,
    issuedBy: text(document.issuedBy),
    issueDate: isDate(document.issuedAt) ? document.issuedAt : null,
    validUntil: isDate(document.validUntil) ? document.validUntil : null,
  };
  return Object.values(doc).some((v) => v !== null) ? doc : null;
}

/** The position of a representative or beneficial owner in the company, as the platform names it. */
function positionOf(row: UboRow): string | null {
  if (row.representativeRoles.length > 0) return row.representativeRoles.join(', ');
  const roles = effectiveRoles({ roles: row.roles, representativeSent: row.representativeSentAt !== null });
  if (roles.includes(uboRoleCodes.legalRepresentative)) return 'legal_representative';
  if (roles.includes(uboRoleCodes.authorisedRepresentative)) return 'authorised_representative';
  return null;
}

function relationOf(row: UboRow): Omit<CustodyRelatedPerson, 'key' | 'person'> {
  return {
    isUltimateBeneficialOwner: claimsBeneficialOwnership(row) && !row.fictitiousBeneficialOwner,
    isFictitiousBeneficialOwner: row.fictitiousBeneficialOwner,
    position: positionOf(row),
    // Tangany's share is in the company itself: shares held through another legal person are not.
    sharePercentage:
      row.heldThroughId === null && row.equityShares !== null ? row.equityShares / shareScale : null,
  };
}

/**
 * A company account as the custodian's legal person: its data, and the natural persons of its UBO
 * list (spec 3: representatives and beneficial owners) related to it. The user's own entry of the list
 * describes the user's relation; legal persons of the list (holding companies) are not sent.
 */
export function custodyCompanyOf(opts: {
  customer: {
    companyName: string | null;
    companyType: string | null;
    registryNumber: string | null;
    court: string | null;
    taxNumber: string | null;
    vatNumber: string | null;
    representativeRole: string | null;
  };
  address: CustodyAddress | null;
  ubos: UboRow[];
}): CustodyCompany {
  const { customer, ubos } = opts;
  const userRow = ubos.find((u) => u.isUser);
  const register = [text(customer.court), text(customer.registryNumber)].filter(Boolean).join(' ');
  return {
    name: text(customer.companyName),
    legalForm: customer.companyType ? (legalForms[customer.companyType as CompanyType] ?? null) : null,
    commercialRegister: register || null,
    taxId: text(customer.taxNumber),
    vatId: text(customer.vatNumber),
    legalAddress: opts.address,
    related: ubos
      .filter((u) => u.type === 'natural' && !u.isUser)
      .map((u) => ({
        key: `u${u.id}`,
        person: {
          firstName: u.firstName,
          lastName: u.lastName,
          birthDate: u.birthDate,
          birthPlace: u.birthPlace,
          birthCountry: null,
          nationality: u.nationality,
          email: null,
          address:
            u.country && u.city && u.postcode && u.street
              ? { country: u.country, city: u.city, postcode: u.postcode, streetName: u.street }
              : null,
          kyc: null,
        },
        ...relationOf(u),
      })),
    user: userRow
      ? relationOf(userRow)
      : {
          isUltimateBeneficialOwner: false,
          isFictitiousBeneficialOwner: false,
          position: text(customer.representativeRole),
          sharePercentage: null,
        },
  };
}
