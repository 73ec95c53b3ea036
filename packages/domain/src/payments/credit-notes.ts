import { z } from 'zod';
import { formatEuro } from '../format/index.ts';
import type { Locale } from '../i18n/index.ts';

/**
 * Why a bank credit is where it is on the reconciliation list (matched, left open, assigned or
 * returned), stored as a code with its figures so that operators read it in their own language.
 * `text` carries a note stored before the codes existed.
 */
const orderNumber = z.string().nullable();
const cents = z.number().int();

export const bankCreditNoteSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('no_reference') }),
  z.object({ code: z.literal('order_paid'), order: orderNumber, amountCents: cents }),
  z.object({ code: z.literal('order_not_payable'), order: orderNumber, state: z.string() }),
  z.object({ code: z.literal('partial'), order: orderNumber, receivedCents: cents, totalCents: cents }),
  z.object({ code: z.literal('excess'), order: orderNumber, amountCents: cents, dueCents: cents }),
  z.object({
    code: z.literal('order_closed'),
    order: orderNumber,
    state: z.string(),
    cancelReason: z.string().nullable(),
  }),
  z.object({ code: z.literal('wrong_currency'), currency: z.string() }),
  z.object({ code: z.literal('unknown_reference'), reference: z.string() }),
  z.object({ code: z.literal('assigned_paid'), order: orderNumber, receivedCents: cents }),
  z.object({
    code: z.literal('assigned_partial'),
    order: orderNumber,
    receivedCents: cents,
    totalCents: cents,
  }),
  z.object({ code: z.literal('returned'), reason: z.string() }),
  z.object({ code: z.literal('text'), text: z.string() }),
]);
export type BankCreditNote = z.infer<typeof bankCreditNoteSchema>;

/** An order's payment state (or why it was cancelled) as words in the note. */
const stateWords: Record<Locale, Record<string, string>> = {
  de: {
    new: 'neu',
    awaiting_payment: 'zahlungsoffen',
    authorized: 'autorisiert',
    paid: 'bezahlt',
    cancelled: 'storniert',
    refunded: 'erstattet',
    expired: 'abgelaufen',
    investor: 'vom Anleger storniert',
    operator: 'von der Verwaltung storniert',
    gone: 'nicht mehr vorhanden',
  },
  en: {
    new: 'new',
    awaiting_payment: 'awaiting payment',
    authorized: 'authorised',
    paid: 'paid',
    cancelled: 'cancelled',
    refunded: 'refunded',
    expired: 'expired',
    investor: 'cancelled by the investor',
    operator: 'cancelled by an operator',
    gone: 'gone',
  },
};

/** The note as a sentence in `locale`, with amounts in euro as that language writes them. */
export function bankCreditNoteText(note: BankCreditNote, locale: Locale): string {
  const de = locale === 'de';
  const eur = (cents: number) => formatEuro(cents, { locale, fraction: 'always' });
  const word = (s: string) => stateWords[locale][s] ?? s;
  const order = (n: string | null) => n ?? '?';
  switch (note.code) {
    case 'no_reference':
      return de
        ? 'Keine Zahlungsreferenz im Verwendungszweck.'
        : 'No payment reference in the remittance information.';
    case 'order_paid':
      return de
        ? `Bestellung ${order(note.order)} bezahlt (${eur(note.amountCents)}).`
        : `Order ${order(note.order)} paid (${eur(note.amountCents)}).`;
    case 'order_not_payable':
      return de
        ? `Bestellung ${order(note.order)} ist ${word(note.state)}: Betrag an den Zahler zurücküberweisen oder zuordnen.`
        : `Order ${order(note.order)} is ${word(note.state)}: return the credit to the payer or assign it.`;
    case 'partial':
      return de
        ? `Teilzahlung für Bestellung ${order(note.order)}: ${eur(note.receivedCents)} von ${eur(note.totalCents)} eingegangen.`
        : `Partial payment for order ${order(note.order)}: ${eur(note.receivedCents)} of ${eur(note.totalCents)} received.`;
    case 'excess':
      return de
        ? `Überzahlung für Bestellung ${order(note.order)}: ${eur(note.amountCents)} für ${eur(note.dueCents)} fällig.`
        : `Excess payment for order ${order(note.order)}: ${eur(note.amountCents)} for ${eur(note.dueCents)} due.`;
    case 'order_closed': {
      const why = note.cancelReason ? ` (${word(note.cancelReason)})` : '';
      return de
        ? `Bestellung ${order(note.order)} ist ${word(note.state)}${why}: Betrag an den Zahler zurücküberweisen.`
        : `Order ${order(note.order)} is ${word(note.state)}${why}: return the credit to the payer.`;
    }
    case 'wrong_currency':
      return de
        ? `Gutschrift in ${note.currency}: Bestellungen werden in EUR bezahlt.`
        : `Credit in ${note.currency}: orders are paid in EUR.`;
    case 'unknown_reference':
      return de
        ? `Keine zahlungsoffene Bestellung mit der Referenz ${note.reference}.`
        : `No order awaiting payment with the reference ${note.reference}.`;
    case 'assigned_paid':
      return de
        ? `Von der Verwaltung zugeordnet: Bestellung ${order(note.order)} bezahlt (${eur(note.receivedCents)}).`
        : `Assigned by an operator: order ${order(note.order)} paid (${eur(note.receivedCents)}).`;
    case 'assigned_partial':
      return de
        ? `Von der Verwaltung Bestellung ${order(note.order)} zugeordnet: ${eur(note.receivedCents)} von ${eur(note.totalCents)} eingegangen.`
        : `Assigned by an operator to order ${order(note.order)}: ${eur(note.receivedCents)} of ${eur(note.totalCents)} received.`;
    case 'returned':
      return de ? `An den Zahler zurücküberwiesen: ${note.reason}` : `Returned to the payer: ${note.reason}`;
    case 'text':
      return note.text;
  }
}
