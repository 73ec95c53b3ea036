import type { Tx } from '../client.ts';
import { channelCurrencies, channelLocales, channels } from '../schema/index.ts';
import { CHANNEL } from './content/channel.ts';
import { seedPaymentMethod } from './factories.ts';

const PAYMENT_METHODS = [
  {
    code: 'offline',
    gateway: 'offline',
    position: 0,
    de: {
      name: 'Banküberweisung',
      description: 'Zahlung per SEPA-Überweisung auf das Treuhandkonto der Emittentin.',
      instructions: `Bitte überweisen Sie den Gesamtbetrag innerhalb von 14 Tagen auf das Konto ${CHANNEL.bankAccountHolder}, IBAN ${CHANNEL.bankIban}, BIC ${CHANNEL.bankBic} (${CHANNEL.bankName}). Geben Sie als Verwendungszweck ausschließlich Ihre Bestellnummer an. Nach Zahlungseingang werden Ihre Token im Kryptowertpapierregister eingetragen.`,
    },
    en: {
      name: 'Bank transfer',
      description: "Payment by SEPA transfer to the issuer's escrow account.",
      instructions: `Please transfer the total amount within 14 days to the account ${CHANNEL.bankAccountHolder}, IBAN ${CHANNEL.bankIban}, BIC ${CHANNEL.bankBic} (${CHANNEL.bankName}). Quote only your order number as the payment reference. Once payment has been received, your tokens are entered in the crypto securities register.`,
    },
  },
  {
    code: 'card',
    gateway: 'card',
    position: 1,
    de: {
      name: 'Kartenzahlung',
      description:
        'Zahlung mit Kredit- oder Debitkarte (Visa, Mastercard) über unseren Zahlungsdienstleister.',
      instructions:
        'Sie werden auf die gesicherte Zahlungsseite unseres Zahlungsdienstleisters weitergeleitet und bestätigen die Zahlung dort mit 3-D Secure. Kartenzahlungen sind für Anleihen bis 10.000 € je Bestellung möglich.',
    },
    en: {
      name: 'Card payment',
      description: 'Payment by credit or debit card (Visa, Mastercard) through our payment service provider.',
      instructions:
        "You are redirected to our payment service provider's secure payment page, where you confirm the payment with 3-D Secure. Card payments for bonds are possible up to €10,000 per order.",
    },
  },
] as const;

/** The `token` channel with its locales and currencies, and the payment methods offline and card. */
export async function seedChannel(tx: Tx) {
  const { managingDirectors: _, ...channel } = CHANNEL;
  const [row] = await tx
    .insert(channels)
    .values({ ...channel, createdAt: new Date('2026-01-05T08:00:00Z') })
    .returning({ id: channels.id });
  await tx.insert(channelLocales).values([
    { channelId: row!.id, locale: 'de' },
    { channelId: row!.id, locale: 'en' },
  ]);
  await tx.insert(channelCurrencies).values([
    { channelId: row!.id, currencyCode: 'EUR' },
    { channelId: row!.id, currencyCode: 'USD' },
  ]);
  for (const { code, gateway, position, de, en } of PAYMENT_METHODS) {
    await seedPaymentMethod(tx, { code, gateway, position, enabled: true, translations: { de, en } });
  }
}
