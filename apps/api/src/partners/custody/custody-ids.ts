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
    /** Tangany Customers API: the customer and its owning natural person. */
    customerId: reference,
    entityId: reference,
    /** Tangany's wallet name: 1-127 of 0-9, a-z, A-Z and '-'. */
    walletName: `${reference}-w${attempt}`,
    customerRequestId: `customer-${reference}`,
    walletRequestId: `wallet-${reference}-${attempt}`,
  };
}
