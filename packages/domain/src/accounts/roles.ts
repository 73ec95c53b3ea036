/*
 * The customer roles the platform reads (spec 6 `customerRolesAsString`). Every check of a role goes
 * through these functions; no app compares role strings itself.
 */

/** spec 6: the role an approved professional-client request adds (WpHG § 67 (6)). */
export const professionalInvestorRole = 'professional_investor';

/** The role that makes a customer an operator (with two-factor enabled, ARCHITECTURE convention 3). */
export const operatorRole = 'admin';

/** spec 6: whether the customer is classified as a professional investor. */
export function isProfessionalInvestor(roles: readonly string[] | null | undefined): boolean {
  return Array.isArray(roles) && roles.includes(professionalInvestorRole);
}

/** Whether the customer is one of the platform's operators (the back office). */
export function isOperator(roles: readonly string[] | null | undefined): boolean {
  return Array.isArray(roles) && roles.includes(operatorRole);
}
