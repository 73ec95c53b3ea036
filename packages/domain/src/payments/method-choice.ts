/**
 * Whether a payment method's configuration for a product can take an order of `totalCents`: enabled,
 * and the total within its maximum (`maximumAmount`/`maximumAmountCents` in cents; null = no limit).
 * The API refuses any other choice (`payment_method_unavailable`); the web offers only these.
 */
export function canMethodTakeOrder(
  configuration: { enabled: boolean; maximumAmountCents: number | null },
  totalCents: number,
): boolean {
  return (
    configuration.enabled &&
    (configuration.maximumAmountCents === null || totalCents <= configuration.maximumAmountCents)
  );
}
