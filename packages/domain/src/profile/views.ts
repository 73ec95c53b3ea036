import { z } from 'zod';
import { companyTypes } from '../accounts/kinds.ts';
import { representativeRoles, uboPersonTypes, uboRoles } from './ubo.ts';

/**
 * A beneficial owner or representative as the API answers it (`UboUser`, GET ubo-users). Shares are
 * percent with at most two decimals (stored as hundredths); `representativeSent` tells that the
 * representative was sent (role 10 then removed, spec 5).
 */
export const uboUserViewSchema = z.object({
  id: z.number(),
  type: z.enum(uboPersonTypes),
  roles: z.array(z.union(uboRoles.map((r) => z.literal(r)))),
  /** The user themself (POST ubo-users/representative) rather than another person. */
  isUser: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthdate: z.string().nullable(),
  birthplace: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  nationality: z.string().nullable(),
  pep: z.boolean(),
  equityShares: z.number().nullable(),
  votingShares: z.number().nullable(),
  companyName: z.string().nullable(),
  companyType: z.enum(companyTypes).nullable(),
  registerNumber: z.string().nullable(),
  representativeRoles: z.array(z.enum(representativeRoles)),
  memberOfRepresentativeBody: z.boolean(),
  fictitiousBeneficialOwner: z.boolean(),
  powerOfAttorney: z.boolean(),
  paysChurchTax: z.boolean(),
  representativeSent: z.boolean(),
});
export type UboUserView = z.infer<typeof uboUserViewSchema>;
