/**
 * The names a custodian keeps for one holder's wallet, derived from the platform's reference of the
 * holder and the attempt only (decision 030), so that every retry of the same wallet opening asks for
 * the same customer, the same wallet name and the same `tangany-request-id`, and a custodian that
 * already did the work answers with what it made instead of making it twice.
 */
export function custodyIdsOf(reference: string, attempt = 1) {
  if (!/^[0-9a-zA-Z-]{1,80}$/.test(reference))
    throw new Error('custody reference: letters, digits and - only');
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error('custody attempt: a positive integer');
  return {
    /** Tangany Customers API: the customer and its owning entity (the natural or the legal person). */
    customerId: reference,
    entityId: reference,
    /**
     * A natural person of a company account (the user, a representative, a beneficial owner): Tangany's
     * entity ids are unique across entity types, so they cannot share the company's.
     */
    personEntityId: (key: string) => {
      if (!/^[0-9a-zA-Z-]{1,40}$/.test(key))
        throw new Error('custody person key: letters, digits and - only');
      return `${reference}-p-${key}`;
    },
    /** Tangany's wallet name: 1-127 of 0-9, a-z, A-Z and '-'. */
    walletName: `${reference}-w${attempt}`,
    customerRequestId: `customer-${reference}`,
    walletRequestId: `wallet-${reference}-${attempt}`,
  };
}
