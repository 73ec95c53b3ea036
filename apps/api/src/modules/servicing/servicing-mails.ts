import { formatDate, formatEuro } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import type { Db } from '../../db/client.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { type MailContent, renderLetter } from '../../partners/mail/letter.ts';

/*
 * The mails of bond servicing (issue 17): the operators are told when the platform prepared a
 * coupon run after its record date; an investor when a payout to them is booked as paid. Each is
 * queued in the caller's transaction (outbox), so it exists exactly when the change commits.
 */

/** The bond as a mail names it: issuer and ISIN from its terms. */
export type MailBond = { code: string; issuer: string; isin: string };

type RunPrepared = {
  kind: 'coupon' | 'redemption';
  bond: MailBond;
  periodIndex: number;
  recordDate: string;
  paymentDate: string;
  holders: number;
  totalCents: number;
  url: string;
};

type PayoutPaid = {
  type: 'interest' | 'redemption';
  bond: MailBond;
  amountCents: number;
  nominalCents: number;
  payoutDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  url: string;
};

const bondDe = (b: MailBond) => `Anleihe der ${b.issuer} (ISIN ${b.isin})`;
const bondEn = (b: MailBond) => `bond of ${b.issuer} (ISIN ${b.isin})`;

const runPrepared: Record<Locale, (p: RunPrepared) => MailContent> = {
  de: (p) => {
    const d = (day: string) => formatDate(day, { locale: 'de' });
    const what = p.kind === 'redemption' ? 'Rückzahlungslauf' : `Zinslauf (Periode ${p.periodIndex})`;
    return {
      subject: `${what} vorbereitet: ${p.bond.code}`,
      body: [
        `der Stichtag ${d(p.recordDate)} der ${bondDe(p.bond)} ist vorüber. Die Plattform hat den ${what} aus dem Register zum Stichtag vorbereitet: ${p.holders} Inhaber, zusammen ${formatEuro(p.totalCents, { locale: 'de', fraction: 'always' })}, zahlbar am ${d(p.paymentDate)}.`,
        `Bitte prüfen Sie die Vorschau und geben Sie den Lauf frei: ${p.url}`,
      ],
    };
  },
  en: (p) => {
    const d = (day: string) => formatDate(day, { locale: 'en' });
    const what = p.kind === 'redemption' ? 'redemption run' : `coupon run (period ${p.periodIndex})`;
    return {
      subject: `${what[0]!.toUpperCase()}${what.slice(1)} prepared: ${p.bond.code}`,
      body: [
        `the record date ${d(p.recordDate)} of the ${bondEn(p.bond)} has passed. The platform has prepared the ${what} from the register on the record date: ${p.holders} holders, ${formatEuro(p.totalCents, { locale: 'en', fraction: 'always' })} in all, payable on ${d(p.paymentDate)}.`,
        `Please review the preview and approve the run: ${p.url}`,
      ],
    };
  },
};

const payoutPaid: Record<Locale, (p: PayoutPaid) => MailContent> = {
  de: (p) => {
    const d = (day: string) => formatDate(day, { locale: 'de' });
    const eur = (c: number) => formatEuro(c, { locale: 'de', fraction: 'always' });
    const period =
      p.periodStart && p.periodEnd ? ` für den Zeitraum ${d(p.periodStart)} bis ${d(p.periodEnd)}` : '';
    return {
      subject:
        p.type === 'redemption'
          ? `Rückzahlung Ihrer Anleihe ${p.bond.code} ausgezahlt`
          : `Zinszahlung Ihrer Anleihe ${p.bond.code} ausgezahlt`,
      body: [
        p.type === 'redemption'
          ? `die ${bondDe(p.bond)} ist zurückgezahlt: Wir haben ${eur(p.amountCents)} mit Valuta ${d(p.payoutDate)} auf Ihr Konto überwiesen, davon ${eur(p.nominalCents)} Nennbetrag und ${eur(p.amountCents - p.nominalCents)} Zinsen${period}. Ihre Token dieser Anleihe sind damit eingelöst und werden aus dem Register gelöscht.`
          : `wir haben Ihnen ${eur(p.amountCents)} Zinsen der ${bondDe(p.bond)}${period} mit Valuta ${d(p.payoutDate)} auf Ihr Konto überwiesen.`,
        'Die Zinsen werden ohne Abzug von Kapitalertragsteuer ausgezahlt; bitte geben Sie sie in Ihrer Steuererklärung an.',
        `Ihre Abrechnung finden Sie unter ${p.url}`,
      ],
    };
  },
  en: (p) => {
    const d = (day: string) => formatDate(day, { locale: 'en' });
    const eur = (c: number) => formatEuro(c, { locale: 'en', fraction: 'always' });
    const period = p.periodStart && p.periodEnd ? ` for ${d(p.periodStart)} to ${d(p.periodEnd)}` : '';
    return {
      subject:
        p.type === 'redemption'
          ? `Redemption of your bond ${p.bond.code} paid`
          : `Interest on your bond ${p.bond.code} paid`,
      body: [
        p.type === 'redemption'
          ? `the ${bondEn(p.bond)} has been redeemed: we have transferred ${eur(p.amountCents)} to your account, value date ${d(p.payoutDate)}: ${eur(p.nominalCents)} nominal and ${eur(p.amountCents - p.nominalCents)} interest${period}. Your tokens of this bond are redeemed and removed from the register.`
          : `we have transferred ${eur(p.amountCents)} interest on the ${bondEn(p.bond)}${period} to your account, value date ${d(p.payoutDate)}.`,
        'Interest is paid without deduction of German capital-gains tax; please declare it in your tax return.',
        `Your statement is at ${p.url}`,
      ],
    };
  },
};

/** Queues the operator's notice of a run the platform prepared. */
export async function queueRunPreparedMail(
  db: Db,
  ctx: MailContext,
  opts: { to: string; locale: Locale; name: string; run: Omit<RunPrepared, 'url'> },
): Promise<number> {
  const params = {
    ...opts.run,
    url: `${ctx.publicUrl}/admin/bonds/${encodeURIComponent(opts.run.bond.code)}`,
  };
  const { subject, text } = renderLetter(
    opts.locale,
    { name: opts.name, platform: ctx.platform },
    runPrepared[opts.locale](params),
  );
  return ctx.mail.queue(db, { to: opts.to, from: ctx.from, subject, text, template: 'coupon_run_prepared' });
}

/** Queues the investor's notice of a payout booked as paid. */
export async function queuePayoutPaidMail(
  db: Db,
  ctx: MailContext,
  opts: { to: string; locale: Locale; name: string; payout: Omit<PayoutPaid, 'url'> },
): Promise<number> {
  const params = { ...opts.payout, url: `${ctx.publicUrl}/account/payments` };
  const { subject, text } = renderLetter(
    opts.locale,
    { name: opts.name, platform: ctx.platform },
    payoutPaid[opts.locale](params),
  );
  return ctx.mail.queue(db, { to: opts.to, from: ctx.from, subject, text, template: 'payout_paid' });
}
