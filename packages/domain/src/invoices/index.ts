/*
 * Invoices: the invoice document view (what the PDF prints), its tax lines per tax category (bonds
 * VAT-exempt per UStG § 4 Nr. 8, collectibles and fees 19 %) and totals in cents.
 */
export * from './invoice-document.ts';
export * from './numbering.ts';
export * from './views.ts';
