import { isSecurity } from '@token/domain/catalog';
import { formatDate } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { formatMoney } from '@token/domain/money';
import type { OrderKind } from '@token/domain/orders';
import type { BankAccountView } from '@token/domain/reference';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, products, taxCategories } from '../../db/schema/index.ts';
import type { MailAttachment, MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { type ChannelRow, findShopChannel } from '../reference/reference.service.ts';
import type { ItemRow, OrderRow } from './order-rows.ts';

/** The mails an investor gets about an order, in the order's language. */
export type OrderMailKind =
  | 'order_completed'
  | 'order_paid'
  | 'order_refunded'
  | 'order_expired'
  | 'order_cancelled'
  | 'order_legal_documents';

export type OrderMailParams = {
  /** A bond's subscription or a collectible's purchase (issue 18): the mails say which. */
  kind: OrderKind;
  /** A collectible's consent as stored (§ 356 Abs. 5 BGB), confirmed in the order's mail. */
  consentText: string | null;
  name: string;
  platform: string;
  number: string;
  productName: string;
  quantity: number;
  total: number;
  /** Offline payment: the account, the reference and the due date. */
  bankAccount: { holder: string; iban: string; bic: string; bankName: string } | null;
  paymentReference: string | null;
  dueDate: Date | null;
  detailsUrl: string;
  /** Legal documents: their titles and download links. */
  documents: { title: string; url: string }[];
};

type Template = (p: OrderMailParams) => { subject: string; body: string[] };

// spec 9 dates (`08.12.2026`, `08/12/2026`), the Berlin calendar day, as the invoice shows them.
const date = (d: Date | null, locale: Locale) => (d ? formatDate(d, { locale }) : '');
const money = (cents: number, locale: Locale) => formatMoney(cents, { locale });

const transferLines = (p: OrderMailParams, locale: Locale): string[] => {
  if (!p.bankAccount || !p.paymentReference) return [];
  return locale === 'de'
    ? [
        `Bitte überweisen Sie ${money(p.total, 'de')} bis zum ${date(p.dueDate, 'de')} auf folgendes Konto:`,
        `Kontoinhaber: ${p.bankAccount.holder}`,
        `IBAN: ${p.bankAccount.iban}`,
        `BIC: ${p.bankAccount.bic} (${p.bankAccount.bankName})`,
        `Verwendungszweck: ${p.paymentReference}`,
        'Bitte geben Sie den Verwendungszweck genau so an, damit wir Ihre Zahlung zuordnen können.',
      ]
    : [
        `Please transfer ${money(p.total, 'en')} by ${date(p.dueDate, 'en')} to this account:`,
        `Account holder: ${p.bankAccount.holder}`,
        `IBAN: ${p.bankAccount.iban}`,
        `BIC: ${p.bankAccount.bic} (${p.bankAccount.bankName})`,
        `Payment reference: ${p.paymentReference}`,
        'Please quote the reference exactly so that we can match your payment.',
      ];
};

const templates: Record<OrderMailKind, Record<Locale, Template>> = {
  order_completed: {
    de: (p) => ({
      subject: `Ihre Zeichnung ${p.number} bei ${p.platform}`,
      body: [
        `vielen Dank für Ihre Zeichnung von ${p.quantity} Token der Anleihe ${p.productName} über ${money(p.total, 'de')}.`,
        ...transferLines(p, 'de'),
        `Ihre Bestellung sehen Sie hier: ${p.detailsUrl}`,
      ],
    }),
    en: (p) => ({
      subject: `Your subscription ${p.number} at ${p.platform}`,
      body: [
        `thank you for subscribing to ${p.quantity} tokens of the bond ${p.productName} for ${money(p.total, 'en')}.`,
        ...transferLines(p, 'en'),
        `Your order is shown here: ${p.detailsUrl}`,
      ],
    }),
  },
  order_paid: {
    de: (p) => ({
      subject: `Zahlung für Ihre Zeichnung ${p.number} eingegangen`,
      body: [
        `Ihre Zahlung von ${money(p.total, 'de')} für Ihre Zeichnung ${p.number} (${p.quantity} Token der Anleihe ${p.productName}) ist bei uns eingegangen. Vielen Dank!`,
        'Ihre Token werden Ihrer Wallet nach Abschluss der Emission gutgeschrieben.',
        `Ihre Bestellung und die Rechnung sehen Sie hier: ${p.detailsUrl}`,
      ],
    }),
    en: (p) => ({
      subject: `Payment received for your subscription ${p.number}`,
      body: [
        `we have received your payment of ${money(p.total, 'en')} for your subscription ${p.number} (${p.quantity} tokens of the bond ${p.productName}). Thank you!`,
        'Your tokens will be credited to your wallet once the issue is completed.',
        `Your order and its invoice are shown here: ${p.detailsUrl}`,
      ],
    }),
  },
  order_refunded: {
    de: (p) => ({
      subject: `Ihre Zeichnung ${p.number} wurde erstattet`,
      body: [
        `Ihre Zahlung von ${money(p.total, 'de')} für die Zeichnung ${p.number} (${p.quantity} Token der Anleihe ${p.productName}) wird Ihnen erstattet. Die Zeichnung ist damit aufgehoben.`,
        p.detailsUrl,
      ],
    }),
    en: (p) => ({
      subject: `Your subscription ${p.number} has been refunded`,
      body: [
        `your payment of ${money(p.total, 'en')} for the subscription ${p.number} (${p.quantity} tokens of the bond ${p.productName}) is being refunded. The subscription is thereby cancelled.`,
        p.detailsUrl,
      ],
    }),
  },
  order_expired: {
    de: (p) => ({
      subject: `Ihre Zeichnung ${p.number} ist verfallen`,
      body: [
        `für Ihre Zeichnung ${p.number} (${p.quantity} Token der Anleihe ${p.productName}) ist bis zum ${date(p.dueDate, 'de')} keine Zahlung eingegangen. Die Zeichnung ist deshalb verfallen, und die Token stehen wieder anderen Anlegern zur Verfügung.`,
        'Falls Sie bereits überwiesen haben, melden Sie sich bitte bei uns; wir erstatten den Betrag.',
        p.detailsUrl,
      ],
    }),
    en: (p) => ({
      subject: `Your subscription ${p.number} has expired`,
      body: [
        `no payment for your subscription ${p.number} (${p.quantity} tokens of the bond ${p.productName}) arrived by ${date(p.dueDate, 'en')}. The subscription has therefore expired and the tokens are available to other investors again.`,
        'If you have already made the transfer, please contact us; we will refund the amount.',
        p.detailsUrl,
      ],
    }),
  },
  order_cancelled: {
    de: (p) => ({
      subject: `Ihre Zeichnung ${p.number} wurde storniert`,
      body: [
        `Ihre Zeichnung ${p.number} (${p.quantity} Token der Anleihe ${p.productName}) wurde storniert.`,
        p.detailsUrl,
      ],
    }),
    en: (p) => ({
      subject: `Your subscription ${p.number} has been cancelled`,
      body: [
        `your subscription ${p.number} (${p.quantity} tokens of the bond ${p.productName}) has been cancelled.`,
        p.detailsUrl,
      ],
    }),
  },
  order_legal_documents: {
    de: (p) => ({
      subject: `Ihre Unterlagen zur Anleihe ${p.productName}`,
      body: [
        `anbei erhalten Sie die rechtlichen Dokumente zur Anleihe ${p.productName}:`,
        ...p.documents.map((d) => `${d.title}: ${d.url}`),
      ],
    }),
    en: (p) => ({
      subject: `Your documents for the bond ${p.productName}`,
      body: [
        `please find attached the legal documents of the bond ${p.productName}:`,
        ...p.documents.map((d) => `${d.title}: ${d.url}`),
      ],
    }),
  },
};

const consentLines = (p: OrderMailParams, locale: Locale): string[] =>
  p.consentText
    ? [
        locale === 'de'
          ? `Ihre Erklärung bei der Bestellung (§ 356 Abs. 5 BGB): „${p.consentText}“`
          : `Your declaration when ordering (section 356 (5) BGB): “${p.consentText}”`,
      ]
    : [];

const editions = (p: OrderMailParams, locale: Locale) =>
  locale === 'de'
    ? `${p.quantity} ${p.quantity === 1 ? 'Edition' : 'Editionen'} von ${p.productName}`
    : `${p.quantity} ${p.quantity === 1 ? 'edition' : 'editions'} of ${p.productName}`;

/**
 * A collectible's mails (issue 18): a purchase of editions, not a subscription of a bond's tokens;
 * the order's mail confirms the consent to immediate delivery (§ 312f Abs. 3 BGB).
 */
const purchaseTemplates: Partial<Record<OrderMailKind, Record<Locale, Template>>> = {
  order_completed: {
    de: (p) => ({
      subject: `Ihr Kauf ${p.number} bei ${p.platform}`,
      body: [
        `vielen Dank für Ihren Kauf von ${editions(p, 'de')} über ${money(p.total, 'de')} (inkl. 19 % Mwst.).`,
        ...transferLines(p, 'de'),
        ...consentLines(p, 'de'),
        `Ihre Bestellung sehen Sie hier: ${p.detailsUrl}`,
      ],
    }),
    en: (p) => ({
      subject: `Your purchase ${p.number} at ${p.platform}`,
      body: [
        `thank you for buying ${editions(p, 'en')} for ${money(p.total, 'en')} (incl. 19% VAT).`,
        ...transferLines(p, 'en'),
        ...consentLines(p, 'en'),
        `Your order is shown here: ${p.detailsUrl}`,
      ],
    }),
  },
  order_paid: {
    de: (p) => ({
      subject: `Zahlung für Ihren Kauf ${p.number} eingegangen`,
      body: [
        `Ihre Zahlung von ${money(p.total, 'de')} für Ihren Kauf ${p.number} (${editions(p, 'de')}) ist bei uns eingegangen. Vielen Dank!`,
        'Die Edition wird Ihrer Wallet jetzt übertragen.',
        `Ihre Bestellung und die Rechnung sehen Sie hier: ${p.detailsUrl}`,
      ],
    }),
    en: (p) => ({
      subject: `Payment received for your purchase ${p.number}`,
      body: [
        `we have received your payment of ${money(p.total, 'en')} for your purchase ${p.number} (${editions(p, 'en')}). Thank you!`,
        'The edition is now being transferred to your wallet.',
        `Your order and its invoice are shown here: ${p.detailsUrl}`,
      ],
    }),
  },
  order_refunded: {
    de: (p) => ({
      subject: `Ihr Kauf ${p.number} wurde erstattet`,
      body: [
        `Ihre Zahlung von ${money(p.total, 'de')} für den Kauf ${p.number} (${editions(p, 'de')}) wird Ihnen erstattet. Der Kauf ist damit aufgehoben.`,
        p.detailsUrl,
      ],
    }),
    en: (p) => ({
      subject: `Your purchase ${p.number} has been refunded`,
      body: [
        `your payment of ${money(p.total, 'en')} for the purchase ${p.number} (${editions(p, 'en')}) is being refunded. The purchase is thereby cancelled.`,
        p.detailsUrl,
      ],
    }),
  },
  order_expired: {
    de: (p) => ({
      subject: `Ihr Kauf ${p.number} ist verfallen`,
      body: [
        `für Ihren Kauf ${p.number} (${editions(p, 'de')}) ist bis zum ${date(p.dueDate, 'de')} keine Zahlung eingegangen. Die Bestellung ist deshalb verfallen, und die Editionen stehen wieder anderen Käufern zur Verfügung.`,
        'Falls Sie bereits überwiesen haben, melden Sie sich bitte bei uns; wir erstatten den Betrag.',
        p.detailsUrl,
      ],
    }),
    en: (p) => ({
      subject: `Your purchase ${p.number} has expired`,
      body: [
        `no payment for your purchase ${p.number} (${editions(p, 'en')}) arrived by ${date(p.dueDate, 'en')}. The order has therefore expired and the editions are available to other buyers again.`,
        'If you have already made the transfer, please contact us; we will refund the amount.',
        p.detailsUrl,
      ],
    }),
  },
  order_cancelled: {
    de: (p) => ({
      subject: `Ihr Kauf ${p.number} wurde storniert`,
      body: [`Ihr Kauf ${p.number} (${editions(p, 'de')}) wurde storniert.`, p.detailsUrl],
    }),
    en: (p) => ({
      subject: `Your purchase ${p.number} has been cancelled`,
      body: [`your purchase ${p.number} (${editions(p, 'en')}) has been cancelled.`, p.detailsUrl],
    }),
  },
};

/** Subject and text of an order mail in the investor's language. */
export function renderOrderMail(
  kind: OrderMailKind,
  locale: Locale,
  params: OrderMailParams,
): { subject: string; text: string } {
  const template =
    (params.kind === 'collectible' ? purchaseTemplates[kind]?.[locale] : undefined) ??
    templates[kind][locale];
  const { subject, body } = template(params);
  const greeting = locale === 'de' ? `Guten Tag ${params.name},` : `Dear ${params.name},`;
  const closing = locale === 'de' ? `Ihr Team von ${params.platform}` : `Your ${params.platform} team`;
  return { subject, text: [greeting, '', ...body, '', closing].join('\n') };
}

/** Writes an order mail in the investor's language to the outbox, in the caller's transaction. */
export async function queueOrderMail(
  tx: Db,
  opts: {
    mail: MailPort;
    publicUrl: string;
    kind: OrderMailKind;
    order: OrderRow;
    /** What the order buys, when the caller knows it (else read from the product's tax category). */
    orderKind?: OrderKind;
    item: ItemRow | null;
    /** The order's customer and the shop channel when the caller has them already read. */
    customer?: Pick<typeof customers.$inferSelect, 'email' | 'firstName' | 'lastName'>;
    channel?: ChannelRow | null;
    bankAccount?: BankAccountView | null;
    paymentReference?: string | null;
    documents?: { title: string; url: string }[];
    attachments?: MailAttachment[];
  },
): Promise<void> {
  const customer =
    opts.customer ??
    (
      await tx
        .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, opts.order.customerId))
    )[0];
  if (!customer) return;
  const channel = opts.channel !== undefined ? opts.channel : await findShopChannel({ db: tx });
  const platform = channel?.name ?? 'Tokenwerk';
  const orderKind = opts.orderKind ?? (await orderKindOfProduct(tx, opts.order.productId));
  const { subject, text } = renderOrderMail(opts.kind, opts.order.localeCode, {
    kind: orderKind,
    consentText: opts.order.digitalContentConsent?.text ?? null,
    name: greetingName(customer),
    platform,
    number: opts.order.number ?? '',
    productName: opts.item?.productName ?? '',
    quantity: opts.item?.quantity ?? 0,
    total: opts.order.total,
    bankAccount: opts.bankAccount ?? null,
    paymentReference: opts.paymentReference ?? null,
    dueDate: opts.order.paymentDueAt,
    detailsUrl: `${opts.publicUrl}/order-details/${opts.order.tokenValue}`,
    documents: opts.documents ?? [],
  });
  await opts.mail.queue(tx, {
    to: customer.email,
    from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
    subject,
    text,
    template: opts.kind,
    ...(opts.attachments?.length ? { attachments: opts.attachments } : {}),
  });
}

/** The kind of the order's product by its tax category (the catalogue's `isSecurity`). */
async function orderKindOfProduct(tx: Db, productId: number | null): Promise<OrderKind> {
  if (productId === null) return 'security';
  const [row] = await tx
    .select({ code: taxCategories.code })
    .from(products)
    .leftJoin(taxCategories, eq(taxCategories.id, products.taxCategoryId))
    .where(eq(products.id, productId));
  return isSecurity({ taxCategory: row?.code ? { code: row.code } : null }) ? 'security' : 'collectible';
}
