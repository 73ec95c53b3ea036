import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponRuns,
  dataExports,
  erasureRequests,
  paymentMethods,
  payouts,
  productCollectionItems,
  productCollections,
  wallets,
} from '../db/schema/index.ts';
import {
  seedAddress,
  seedAnsweredQuestionnaire,
  seedCustomerDocument,
  seedIdentification,
  seedOrder,
  seedUboUser,
} from '../db/seed/factories.ts';
import { seedProfessionalRequest } from '../modules/admin/admin.test-kit.ts';
import { createCollection } from '../modules/content/creator-collections.service.ts';
import { seedCreatorContent } from '../modules/content/testing.ts';
import { type FormPart, multipartBody } from '../modules/documents/testing.ts';
import { createExcerpt } from '../modules/register/excerpts.service.ts';
import { appendRegisterEntry } from '../modules/register/journal.service.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { loggedInInvestor, noDeclarations, orderStatements, testBond } from '../test/orders.ts';

/*
 * Ownership matrix (issue 15): every route declaring `auth: 'customer'` is called anonymously (401)
 * and, where its path names a resource, as a second customer on the first customer's resource (404,
 * as if it did not exist; ARCHITECTURE convention 3), and the owner's data reads the same afterwards.
 * The routes come from the built app; a new customer route fails here until it has its row below.
 */

let t: TestApp;

/** The first customer's resources that the routes' parameters name. */
type World = {
  uuid: string;
  cart: { tokenValue: string; itemId: number; paymentId: number };
  completed: { tokenValue: string; invoiceId: number; paymentId: number };
  sessionId: string;
  addressId: number;
  identificationId: number;
  answerId: number;
  walletId: number;
  uboId: number;
  documentId: number;
  documentFileUuid: string;
  professionalRequestId: number;
  evidenceFileUuid: string;
  registerExcerptId: number;
  payoutId: number;
  favouriteItemId: number;
  mediaFileId: number;
  productCode: string;
  collectionCode: string;
  dataExportId: string;
  erasureRequestId: string;
};

/** How to call an owned route on the owner's resource: its parameters and a body that would pass validation. */
type OwnedCall = { params: (w: World) => Record<string, string | number>; body?: unknown; form?: FormPart[] };

const order = (w: World) => ({ tokenValue: w.cart.tokenValue });
const customer = (w: World) => ({ uuid: w.uuid });

/** Every customer route whose path names a resource: `METHOD /fastify/url/:param` -> how to call it. */
const ownedRoutes: Record<string, OwnedCall> = {
  'GET /api/v2/shop/orders/:tokenValue': { params: order },
  'DELETE /api/v2/shop/orders/:tokenValue': { params: order },
  'POST /api/v2/shop/orders/:tokenValue/items': {
    params: order,
    body: { productVariant: '/api/v2/shop/product-variants/GUARD_BOND_V', quantity: 1 },
  },
  'PATCH /api/v2/shop/orders/:tokenValue/items/:itemId': {
    params: (w) => ({ ...order(w), itemId: w.cart.itemId }),
    body: { quantity: 2 },
  },
  'DELETE /api/v2/shop/orders/:tokenValue/items/:itemId': {
    params: (w) => ({ ...order(w), itemId: w.cart.itemId }),
  },
  'PATCH /api/v2/shop/orders/:tokenValue/legal-documents-confirm': { params: order, body: {} },
  'PATCH /api/v2/shop/orders/:tokenValue/legal-documents-send': { params: order, body: {} },
  'PATCH /api/v2/shop/orders/:tokenValue/payments/:paymentId': {
    params: (w) => ({ ...order(w), paymentId: w.cart.paymentId }),
    body: { paymentMethod: '/api/v2/shop/payment-methods/offline' },
  },
  'GET /api/v2/shop/orders/:tokenValue/payments/:paymentId/configuration': {
    params: (w) => ({ tokenValue: w.completed.tokenValue, paymentId: w.completed.paymentId }),
  },
  'POST /api/v2/shop/orders/:tokenValue/payments/:paymentId/checkout-session': {
    params: (w) => ({ tokenValue: w.completed.tokenValue, paymentId: w.completed.paymentId }),
    body: {},
  },
  'PATCH /api/v2/shop/orders/:tokenValue/coupon': { params: order, body: { couponCode: 'GUARD10' } },
  'PATCH /api/v2/shop/orders/:tokenValue/complete': {
    params: order,
    body: { statements: orderStatements, declarations: noDeclarations },
  },
  'PATCH /api/v2/shop/orders/:tokenValue/cancel': { params: order, body: {} },
  'GET /api/v2/shop/orders/:tokenValue/invoices': {
    params: (w) => ({ tokenValue: w.completed.tokenValue }),
  },
  'GET /api/v2/shop/invoice/:id/pdf': { params: (w) => ({ id: w.completed.invoiceId }) },
  'DELETE /api/v2/shop/sessions/:id': { params: (w) => ({ id: w.sessionId }) },
  'GET /api/v2/shop/customers/:uuid': { params: customer },
  'PUT /api/v2/shop/customers/:uuid': { params: customer, body: { firstName: 'Mallory' } },
  'PUT /api/v2/shop/companies/:uuid': { params: customer, body: { companyName: 'Mallory GmbH' } },
  'PUT /api/v2/shop/customers/:uuid/password': {
    params: customer,
    body: { currentPassword: 'x', newPassword: 'Neu-Passwort-93!', confirmNewPassword: 'Neu-Passwort-93!' },
  },
  'GET /api/v2/shop/customers/:uuid/2fa/qr-code': { params: customer },
  'PUT /api/v2/shop/customers/:uuid/2fa/verify': { params: customer, body: { code: '123456' } },
  'PUT /api/v2/shop/customers/:uuid/2fa/status': {
    params: customer,
    body: { enabled: true, code: '123456' },
  },
  'PUT /api/v2/shop/customers/:uuid/follow-up-seen': { params: customer, body: {} },
  'PUT /api/v2/shop/customers/migration/:uuid': { params: customer, body: {} },
  'GET /api/v2/shop/addresses/:id': { params: (w) => ({ id: w.addressId }) },
  'PUT /api/v2/shop/addresses/:id': {
    params: (w) => ({ id: w.addressId }),
    body: {
      firstName: 'Mallory',
      lastName: 'Muster',
      countryCode: 'DE',
      street: 'Hauptstraße 1',
      city: 'Köln',
      postcode: '50667',
    },
  },
  'GET /api/v2/shop/identification/:id': { params: (w) => ({ id: w.identificationId }) },
  'GET /api/v2/shop/answered-questionnaires/:id': { params: (w) => ({ id: w.answerId }) },
  'PATCH /api/v2/shop/answered-questionnaires/:id': {
    params: (w) => ({ id: w.answerId }),
    body: { acknowledgeWarnings: true },
  },
  'DELETE /api/v2/shop/answered-questionnaires/:id': { params: (w) => ({ id: w.answerId }) },

  'GET /api/v2/shop/wallets/:id': { params: (w) => ({ id: w.walletId }) },
  'PATCH /api/v2/shop/ubo-users/:id/representative': { params: (w) => ({ id: w.uboId }), body: {} },
  'PATCH /api/v2/shop/ubo-users/:id': { params: (w) => ({ id: w.uboId }), body: { firstName: 'Mallory' } },
  'DELETE /api/v2/shop/ubo-users/:id': { params: (w) => ({ id: w.uboId }) },
  'GET /api/v2/shop/customer-documents/:id': { params: (w) => ({ id: w.documentId }) },
  'DELETE /api/v2/shop/customer-documents/:id': { params: (w) => ({ id: w.documentId }) },
  'GET /api/v2/shop/file/:uuid/download': { params: (w) => ({ uuid: w.documentFileUuid }) },
  'GET /api/v2/shop/professional-requests/:id': { params: (w) => ({ id: w.professionalRequestId }) },
  'PATCH /api/v2/shop/professional-requests/:id/withdraw': {
    params: (w) => ({ id: w.professionalRequestId }),
  },
  'POST /api/v2/shop/professional-requests/:id/evidence': {
    params: (w) => ({ id: w.professionalRequestId }),
    form: [
      { name: 'criterion', value: 'portfolio' },
      { name: 'file', filename: 'depot.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ],
  },
  'DELETE /api/v2/shop/professional-requests/:id/evidence/:fileUuid': {
    params: (w) => ({ id: w.professionalRequestId, fileUuid: w.evidenceFileUuid }),
  },
  'GET /api/v2/shop/register-excerpts/:id/pdf': { params: (w) => ({ id: w.registerExcerptId }) },
  'GET /api/v2/shop/customer-payouts/:id/statement': { params: (w) => ({ id: w.payoutId }) },
  'DELETE /api/v2/shop/product-collection-items/:id': { params: (w) => ({ id: w.favouriteItemId }) },
  'GET /api/v2/shop/customers/:uuid/notification-settings': { params: customer },
  'PUT /api/v2/shop/customers/:uuid/notification-settings': {
    params: customer,
    body: { auctionEnd: false, newFollower: false, bid: false, drop: false, sale: false },
  },
  'GET /api/v2/shop/media-files/:id': { params: (w) => ({ id: w.mediaFileId }) },
  'POST /api/v2/shop/media-files/:id/complete': { params: (w) => ({ id: w.mediaFileId }), body: {} },
  'GET /api/v2/shop/media-files/:id/presign': { params: (w) => ({ id: w.mediaFileId }) },
  'GET /api/v2/shop/created-products/:code': { params: (w) => ({ code: w.productCode }) },
  'POST /api/v2/shop/created-products/:code/withdraw': { params: (w) => ({ code: w.productCode }) },
  'PUT /api/v2/shop/products/:code': {
    params: (w) => ({ code: w.productCode }),
    body: {
      mediaFiles: ['/api/v2/shop/media-files/1'],
      translations: { de: { name: 'Übernommen' }, en: { name: 'Taken over' } },
      royalties: 5,
      price: 100,
    },
  },
  'PUT /api/v2/shop/product-variants/:code': {
    params: (w) => ({ code: w.productCode }),
    body: { onHand: 1 },
  },
  'GET /api/v2/shop/created-collections/:code': { params: (w) => ({ code: w.collectionCode }) },
  'PUT /api/v2/shop/collections/:code': {
    params: (w) => ({ code: w.collectionCode }),
    body: { name: 'Übernommen', artist: 'Mallory' },
  },
  'POST /api/v2/shop/collections/:code/submit': { params: (w) => ({ code: w.collectionCode }) },
  'DELETE /api/v2/shop/collections/:code': { params: (w) => ({ code: w.collectionCode }) },
  'POST /api/v2/shop/customers/:uuid/data-exports': { params: customer, body: { password: 'x' } },
  'GET /api/v2/shop/customers/:uuid/data-exports': { params: customer },
  'GET /api/v2/shop/customers/:uuid/data-exports/:id/link': {
    params: (w) => ({ uuid: w.uuid, id: w.dataExportId }),
  },
  'GET /api/v2/shop/customers/:uuid/open-positions': { params: customer },
  'POST /api/v2/shop/customers/:uuid/erasure-requests': { params: customer, body: { password: 'x' } },
  'GET /api/v2/shop/customers/:uuid/erasure-requests': { params: customer },
  'DELETE /api/v2/shop/customers/:uuid/erasure-requests/:id': {
    params: (w) => ({ uuid: w.uuid, id: w.erasureRequestId }),
  },
};

/** Customer routes that take the customer from the token alone: no resource parameter to swap. */
const tokenOnlyRoutes = [
  'POST /api/v2/shop/orders',
  'GET /api/v2/shop/orders',
  'GET /api/v2/shop/sessions',
  'POST /api/v2/shop/email-change-requests',
  'GET /api/v2/shop/addresses',
  'POST /api/v2/shop/addresses',
  'GET /api/v2/shop/addresses/company',
  'POST /api/v2/shop/identification/start',
  'GET /api/v2/shop/identification',
  'GET /api/v2/shop/answered-questionnaires',
  'POST /api/v2/shop/answered-questionnaires',
  'GET /api/v2/shop/wallets',
  'POST /api/v2/shop/wallets',
  'GET /api/v2/shop/ubo-users',
  'POST /api/v2/shop/ubo-users',
  'POST /api/v2/shop/ubo-users/representative',
  'GET /api/v2/shop/customer-documents',
  'POST /api/v2/shop/customer-documents',
  'GET /api/v2/shop/customer-documents/company',
  'POST /api/v2/shop/professional-requests',
  'GET /api/v2/shop/professional-requests',
  'POST /api/v2/shop/token/transfer',
  'GET /api/v2/shop/token-transfers',
  'GET /api/v2/shop/token-assets',
  'GET /api/v2/shop/register-entries',
  'GET /api/v2/shop/register-excerpts',
  'POST /api/v2/shop/register-excerpts',
  'GET /api/v2/shop/customer-payouts',
  'GET /api/v2/shop/customer-expected-payouts',
  'GET /api/v2/shop/customer-referrals',
  'GET /api/v2/shop/product-collections',
  'POST /api/v2/shop/product-collection-items',
  'POST /api/v2/shop/media-files/presign',
  'POST /api/v2/shop/products',
  'PATCH /api/v2/shop/product-variants',
  'GET /api/v2/shop/created-products',
  'POST /api/v2/shop/collections',
  'GET /api/v2/shop/created-collections',
];

/** The customer routes of the built app, as `METHOD url` (HEAD mirrors GET). */
function customerRoutes(): string[] {
  return t.app.routeList
    .filter((r) => r.auth === 'customer' && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`);
}

function fill(url: string, params: Record<string, string | number>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(String(params[name]));
  });
}

let ip = 0;
/** One call of a route as `token` (or nobody), with the row's JSON or multipart body. */
async function callRoute(route: string, row: OwnedCall | undefined, w: World | undefined, token?: string) {
  const [method, url] = route.split(' ') as [string, string];
  ip += 1;
  const auth = token ? { authorization: `Bearer ${token}` } : {};
  const target = row && w ? fill(url, row.params(w)) : url.replace(/:(\w+)/g, '1');
  const form = row?.form ? multipartBody(row.form) : undefined;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return t.app.inject({
    method: method as 'GET',
    url: target,
    remoteAddress: `10.61.${ip >> 8}.${ip & 255}`,
    headers: {
      accept: 'application/json',
      ...auth,
      ...(form ? { 'content-type': form.contentType } : {}),
    },
    ...(form ? { payload: form.body } : hasBody ? { payload: (row?.body ?? {}) as object } : {}),
  });
}

let owner: Awaited<ReturnType<typeof loggedInInvestor>>;
let intruder: Awaited<ReturnType<typeof loggedInInvestor>>;
let world: World;

/** What the owner reads of everything the matrix aims at. */
async function ownerView(w: World) {
  const reads = [
    `/customers/${w.uuid}`,
    `/orders/${w.cart.tokenValue}`,
    `/orders/${w.completed.tokenValue}`,
    `/orders/${w.completed.tokenValue}/invoices`,
    `/addresses/${w.addressId}`,
    `/identification/${w.identificationId}`,
    `/answered-questionnaires/${w.answerId}`,
    `/wallets/${w.walletId}`,
    '/ubo-users',
    '/register-excerpts',
    '/customer-payouts',
    `/customer-documents/${w.documentId}`,
    `/professional-requests/${w.professionalRequestId}`,
    '/product-collections?type=favourites',
    `/customers/${w.uuid}/notification-settings`,
    `/media-files/${w.mediaFileId}`,
    `/created-products/${w.productCode}`,
    `/created-collections/${w.collectionCode}`,
  ];
  const view: Record<string, unknown> = {};
  for (const path of reads) {
    const res = await owner.api.get(path);
    view[path] = { status: res.status, body: res.body };
  }
  const sessions = await owner.api.get('/sessions');
  view['/sessions'] = (sessions.body as unknown as { id: string }[]).map((s) => s.id).sort();
  return view;
}

const company = (n: number) => ({
  accountType: 'company' as const,
  companyName: `Wächter ${n} ${Date.now().toString(36)} GmbH`,
  companyType: 'limited_liability_company',
});

beforeAll(async () => {
  // The demo platform: the channel (the invoice's issuer) and the payment methods.
  t = await createTestApp();
  owner = await loggedInInvestor(t, company(1));
  intruder = await loggedInInvestor(t, company(2));
  const db = t.app.db;
  const customerId = owner.row.id;
  const { variant } = await testBond(t, { code: 'GUARD_BOND', variant: { code: 'GUARD_BOND_V' } });
  const cart = await seedOrder(db, { customerId, variant });
  const [offline] = await db.select().from(paymentMethods).where(eq(paymentMethods.code, 'offline'));
  const completed = await seedOrder(db, {
    customerId,
    variant,
    state: 'completed',
    paymentMethodId: offline!.id,
  });
  const [wallet] = await db.select().from(wallets).where(eq(wallets.customerId, customerId));
  const document = await seedCustomerDocument(db, { customerId, storage: t.app.partners.storage });
  const professional = await seedProfessionalRequest(t.app, customerId);
  const sessions = await owner.api.get('/sessions');
  // A register excerpt of tokens the owner holds (eWpG § 19).
  const { product } = await testBond(t, { code: 'GUARD_REGISTER' });
  await db.transaction((tx) =>
    appendRegisterEntry(tx, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: customerId,
      amount: 10,
      cause: { type: 'order', orderId: String(completed.order.id) },
    }),
  );
  const { excerpt } = await createExcerpt({ db, customerId, productId: product.id, type: 'manual' });
  // An approved coupon run's payout to the owner (its statement PDF).
  const [run] = await db
    .insert(couponRuns)
    .values({
      productId: product.id,
      periodIndex: 1,
      termsVersion: 1,
      periodStart: '2020-03-31',
      periodEnd: '2021-03-31',
      paymentDate: '2021-03-31',
      recordDate: '2021-03-30',
      status: 'approved',
      accrualFraction: '1',
      outstandingTokens: 10,
      totalCents: 55_000,
      paidCents: 55_000,
      remainderCents: 0,
      holders: [{ customerId, tokens: 10, amountCents: 55_000 }],
      preparedBy: customerId,
    })
    .returning();
  const [payout] = await db
    .insert(payouts)
    .values({
      runId: run!.id,
      customerId,
      productId: product.id,
      type: 'interest',
      amountCents: 55_000,
      tokens: 10,
      payoutDate: '2021-03-31',
      periodStart: '2020-03-31',
      periodEnd: '2021-03-31',
    })
    .returning();
  world = {
    uuid: owner.row.uuid,
    cart: { tokenValue: cart.order.tokenValue, itemId: cart.item.id, paymentId: cart.payment.id },
    completed: {
      tokenValue: completed.order.tokenValue,
      invoiceId: completed.invoice!.id,
      paymentId: completed.payment.id,
    },
    sessionId: (sessions.body as unknown as { id: string }[])[0]!.id,
    addressId: (await seedAddress(db, { customerId })).id,
    identificationId: (await seedIdentification(db, { customerId, state: 'approved' })).id,
    answerId: (await seedAnsweredQuestionnaire(db, { customerId, type: 'risk', grade: 8 })).id,
    walletId: wallet!.id,
    uboId: (await seedUboUser(db, { customerId })).id,
    documentId: document.document.id,
    documentFileUuid: document.file.uuid,
    professionalRequestId: professional.request.id,
    evidenceFileUuid: professional.file.uuid,
    registerExcerptId: excerpt.id,
    payoutId: payout!.id,
    favouriteItemId: await seedFavourite(customerId, product.id),
    ...(await seedCreatorContent(t, customerId)),
    collectionCode: (
      await createCollection({ db, customerId, locale: 'de', input: { name: 'Wächter', artist: 'Anna' } })
    ).code,
    ...(await seedPrivacyRequests(customerId)),
  };
});
/** A ready data export and an open erasure request of the owner (issue 19). */
async function seedPrivacyRequests(customerId: number) {
  const [dataExport] = await t.app.db
    .insert(dataExports)
    .values({
      customerId,
      state: 'ready',
      storageKey: 'private/data-exports/guard.zip',
      size: 22,
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [request] = await t.app.db.insert(erasureRequests).values({ customerId }).returning();
  return { dataExportId: dataExport!.uuid, erasureRequestId: request!.uuid };
}

/** A favourite of the owner (the favourites collection and one item). */
async function seedFavourite(customerId: number, productId: number): Promise<number> {
  const [collection] = await t.app.db
    .insert(productCollections)
    .values({ customerId, type: 'favourites' })
    .returning();
  const [item] = await t.app.db
    .insert(productCollectionItems)
    .values({ collectionId: collection!.id, productId })
    .returning();
  return item!.id;
}

afterAll(async () => {
  await t.close();
});

describe('ownership matrix of the customer routes', () => {
  it('has a row for every customer route: owned ones say how to reach the owner’s resource', () => {
    const routes = customerRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const withParam = routes.filter((r) => r.includes(':'));
    const missing = withParam.filter((r) => !(r in ownedRoutes));
    expect(missing, `customer routes without a row in ownedRoutes: ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(ownedRoutes).filter((r) => !withParam.includes(r));
    expect(stale, 'rows of ownedRoutes whose route is gone').toEqual([]);
    const tokenOnly = routes.filter((r) => !r.includes(':')).sort();
    expect(tokenOnly, 'customer routes without a resource parameter').toEqual([...tokenOnlyRoutes].sort());
  });

  it('answers 401 problem+json to a caller without a token, on every customer route', async () => {
    const wrong: string[] = [];
    for (const route of customerRoutes()) {
      const res = await callRoute(route, ownedRoutes[route], world);
      if (res.statusCode !== 401 || !String(res.headers['content-type']).includes('application/problem+json'))
        wrong.push(`${route} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 to another customer on every owned route and leaves the owner’s data as it was', async () => {
    const before = await ownerView(world);
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(ownedRoutes)) {
      const res = await callRoute(route, row, world, intruder.token);
      const body = res.body ? (res.json() as { code?: string }) : {};
      // The resource's own not-found code (`order_not_found`), as for an id that does not exist.
      if (res.statusCode !== 404 || !body.code?.endsWith('not_found'))
        wrong.push(`${route} -> ${res.statusCode} ${body.code ?? ''}`);
    }
    // Soft: a wrong answer and a changed resource are reported together.
    expect.soft(wrong).toEqual([]);
    expect(await ownerView(world)).toEqual(before);
  });

  it('reaches the resource for its owner, so a 404 above is about ownership, not a wrong fixture', async () => {
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(ownedRoutes)) {
      if (!route.startsWith('GET ')) continue;
      const res = await callRoute(route, row, world, owner.token);
      if (res.statusCode !== 200) wrong.push(`${route} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });
});
