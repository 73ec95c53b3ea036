import type { CustomerResource } from '@token/domain/accounts';
import type { ProductView } from '@token/domain/catalog-views';
import { type OrderListRowView, type OrderView, orderListRowViewSchema } from '@token/domain/orders';
import { resetSessionStoreForTests, sessionStorageKey } from '../../lib/session-store.ts';
import { defined } from '../../lib/test-defined.ts';

/* Tests only: a mocked shop API (fetch) recording the calls, the orders' fixtures, the pages in a memory router. */

export const testUuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
export const orderToken = 'tok-4711';

/** A valid session in storage (the token is not read by the mocked API). */
export function storeTestSession(): void {
  const now = Date.now();
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      id: 'sess-1',
      uuid: testUuid,
      token: 'a.b.c',
      refreshToken: 'refresh-0',
      expiration: now + 10 * 60_000,
      customerId: `/api/v2/shop/customers/${testUuid}`,
      startedAt: now,
      lastUsedAt: now,
    }),
  );
  resetSessionStoreForTests();
}

/** The parts of GET customers/{uuid} the order pages read; an approved investor with a wallet. */
export function customer(overrides: Partial<CustomerResource> = {}): CustomerResource {
  return {
    id: 7,
    uuid: testUuid,
    email: 'erika@example.com',
    firstName: 'Erika',
    lastName: 'Mustermann',
    fullName: 'Erika Mustermann',
    accountType: 'personal',
    companyType: null,
    customerRolesAsString: [],
    status: 'approved',
    cryptoRegistrarStatus: 'approved',
    kycPassed: true,
    defaultWallet: '0x52908400098527886E0F7030069857D2E4169EE7',
    ...overrides,
  } as CustomerResource;
}

/** A bond of 1 EUR per token, ordered in steps of 1,000 tokens, 50,000 left. */
export function product(overrides: Partial<ProductView> = {}): ProductView {
  return {
    id: 1,
    code: 'SOLAR-2031',
    name: 'Solarpark Anleihe 2031',
    slug: 'solarpark',
    description: null,
    shortDescription: null,
    translations: {},
    allowToBuy: true,
    royalties: 0,
    blockchainName: null,
    tokenId: null,
    whitelisting: false,
    metadata: [],
    traits: [],
    mainTaxon: null,
    taxons: [],
    attributes: [],
    creator: null,
    mediaFiles: [],
    legalDocuments: [
      {
        id: 'doc-1',
        type: 'information_sheet',
        title: 'Wertpapier-Informationsblatt',
        locale: 'de',
        path: '/wib.pdf',
      },
    ],
    defaultVariant: {
      id: 1,
      code: 'SOLAR-2031-V',
      name: 'Solarpark',
      totalSupply: 100_000,
      onHand: 100_000,
      onHold: 50_000,
      availableQuantity: 50_000,
      inStock: true,
      tracked: true,
      channelPricings: {
        token: { channelCode: 'token', price: 100, originalPrice: null, buyBackPrice: null },
      },
    },
    variants: [],
    investorRestrictions: {
      professionalOnly: false,
      investorLimit: null,
      minimumSubscription: null,
      maximumOrderNonProfessional: null,
      quantityStep: 1000,
    },
    taxCategory: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An order in the cart with `quantity` tokens of the bond at 1 EUR. */
export function order(quantity = 1000, overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: 11,
    tokenValue: orderToken,
    number: null,
    checkoutState: 'cart',
    paymentState: 'new',
    shippingState: 'ready',
    paid: false,
    listStatus: 'new',
    kind: 'security',
    currencyCode: 'EUR',
    localeCode: 'de',
    legalDocsConfirmAt: null,
    legalDocsConfirmed: [],
    legalDocsSentAt: null,
    items: [
      {
        id: 21,
        productName: 'Solarpark Anleihe 2031',
        productCode: 'SOLAR-2031',
        variantName: 'Solarpark',
        variant: '/api/v2/shop/product-variants/SOLAR-2031-V',
        variantCode: 'SOLAR-2031-V',
        quantity,
        unitPrice: 100,
        originalUnitPrice: 100,
        subtotal: quantity * 100,
        taxTotal: 0,
        total: quantity * 100,
        taxCategory: { code: 'bonds', rateBasisPoints: 0 },
      },
    ],
    itemsTotal: quantity * 100,
    discountCode: null,
    discountTotal: 0,
    taxTotal: 0,
    total: quantity * 100,
    payments: [
      {
        id: 31,
        method: null,
        methodCode: null,
        state: 'new',
        amount: quantity * 100,
        currencyCode: 'EUR',
        paymentReference: null,
        createdAt: '2026-11-24T09:00:00.000Z',
        updatedAt: '2026-11-24T09:00:00.000Z',
      },
    ],
    notes: null,
    statements: null,
    declarations: null,
    digitalContentConsent: null,
    checkoutCompletedAt: null,
    paymentDueAt: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

/** A collectible of 450 € (19 % VAT contained) in the order, bank transfer chosen, no documents. */
export function collectibleOrder(overrides: Partial<OrderView> = {}): OrderView {
  const base = order(1);
  return order(1, {
    kind: 'collectible',
    checkoutState: 'payment_selected',
    items: [
      {
        ...defined(base.items[0], 'an item'),
        productName: 'Kiefernwald im Abendlicht',
        productCode: 'NFT_KIEFERNWALD_ABENDLICHT',
        unitPrice: 45_000,
        originalUnitPrice: 45_000,
        subtotal: 45_000,
        taxTotal: 7_185,
        total: 45_000,
        taxCategory: { code: 'standard', rateBasisPoints: 1900 },
      },
    ],
    itemsTotal: 45_000,
    taxTotal: 7_185,
    total: 45_000,
    payments: [
      {
        ...defined(base.payments[0], 'a payment'),
        amount: 45_000,
        method: '/api/v2/shop/payment-methods/offline',
        methodCode: 'offline',
      },
    ],
    ...overrides,
  });
}

/** A row of GET orders (the list view keeps the row's fields). */
export function listRow(o: OrderView): OrderListRowView {
  return orderListRowViewSchema.parse(o);
}

// The mocked shop API and the memory router are the web's one test kit (lib/test-api.tsx).
export {
  type ApiCall,
  type ApiHandler,
  mockApi,
  problemAnswer,
  renderRoutes,
  Where,
  writesOf,
} from '../../lib/test-api.tsx';
