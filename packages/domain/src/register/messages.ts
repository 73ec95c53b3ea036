import type { Locale } from '../i18n/index.ts';
import type { RegisterEntry } from './journal.ts';

/**
 * spec 8 "transfer success, 'something goes wrong', check beneficiary or amount": the sentences the
 * web shows around a transfer that are no error codes (the refusals are in the error catalogue; the
 * failure is `transfer_failed`).
 */
export const transferMessages = {
  submitted: {
    de: 'Ihre Übertragung wurde erfolgreich übermittelt. Sie wird ausgeführt, sobald das Register sie bestätigt.',
    en: 'Your transfer was submitted successfully. It is carried out as soon as the register confirms it.',
  },
  confirmed: {
    de: 'Die Übertragung war erfolgreich.',
    en: 'The transfer was successful.',
  },
  checkInput: {
    de: 'Bitte prüfen Sie den Empfänger oder den Betrag.',
    en: 'Please check the beneficiary or the amount.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Whether an entry brings tokens to the holder (`in`), takes them away (`out`), or does not concern them. */
export function entryDirection(
  entry: Pick<RegisterEntry, 'fromHolder' | 'toHolder'>,
  holderId: string,
): 'in' | 'out' | null {
  if (entry.toHolder === holderId) return 'in';
  if (entry.fromHolder === holderId) return 'out';
  return null;
}
