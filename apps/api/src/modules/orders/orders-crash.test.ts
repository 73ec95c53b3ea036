import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DbHandle, migrateDatabase, openDatabase } from '../../db/client.ts';
import { seedChannel } from '../../db/seed/channel.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import { testPassword } from '../../test/accounts.ts';
import { freshPostgresDatabase } from '../../test/create-test-app.ts';
import { orderStatements } from '../../test/orders.ts';
import {
  freePort,
  type ServerProcess,
  shopCall,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process.ts';

// Issue 8: "kill -9 of the API in the middle of completing an order leaves no half order". The real
// server process on PostgreSQL, 40 investors completing at once, SIGKILL as soon as the first of
// them is answered (the others are then in flight: waiting for the bond's row lock, mid-transaction
// or about to commit). Afterwards every order is either wholly placed or wholly still a cart, and a
// restarted server places the rest.

const investors = 40;
const quantity = 1_000;
const statements = orderStatements;
const declarations = { freeAssetsAtLeast100k: true, averageMonthlyNetIncomeCents: null };

const appSecret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'token-crash-'));
let dropDatabase = async () => {};
let handle: DbHandle | undefined;
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const s of running) await stopServerProcess(s.proc, 'SIGKILL');
  await handle?.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(databaseUrl: string, port: number) {
  const server = await startServerProcess({
    port,
    env: {
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  running.push(server);
  return server;
}

const call = shopCall;

/** A logged-in investor's order up to the last step: item, legal documents confirmed, bank transfer. */
async function readyOrder(base: string, email: string, variantCode: string) {
  const login = await call(base, null, 'POST', '/authentication-token', { email, password: testPassword });
  expect(login.status).toBe(200);
  const token = login.body.token as string;
  const created = await call(base, token, 'POST', '/orders', { locale: 'de' });
  expect(created.status).toBe(201);
  const order = created.body.tokenValue as string;
  const added = await call(base, token, 'POST', `/orders/${order}/items`, {
    productVariant: `/api/v2/shop/product-variants/${variantCode}`,
    quantity,
  });
  expect(added.status).toBe(201);
  const confirmed = await call(base, token, 'PATCH', `/orders/${order}/legal-documents-confirm`, {});
  expect(confirmed.status).toBe(200);
  const paymentId = (confirmed.body.payments as { id: number }[])[0]!.id;
  const chosen = await call(base, token, 'PATCH', `/orders/${order}/payments/${paymentId}`, {
    paymentMethod: '/api/v2/shop/payment-methods/offline',
  });
  expect(chosen.status).toBe(200);
  return { token, order };
}

const complete = (base: string, o: { token: string; order: string }) =>
  call(base, o.token, 'PATCH', `/orders/${o.order}/complete`, { notes: null, statements, declarations });

type Picture = {
  placed: number;
  carts: number;
  other: number;
  /** Placed orders lacking any part of a placed order (number, payment, invoice, mail, seat). */
  halfPlaced: number;
  /** Carts carrying any part of a placed order. */
  halfCarts: number;
  onHold: number;
  seats: number;
  seatTokens: number;
  invoices: { n: number; lo: number | null; hi: number | null; last: number | null };
};

/** What the database holds for the bond's orders, straight from the tables. */
async function picture(db: DbHandle['db'], productId: number): Promise<Picture> {
  const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db.execute<T>(query)).rows[0]!;
  const states = await q<{ placed: number; carts: number; other: number }>(sql`
    select count(*) filter (where checkout_state = 'completed' and payment_state = 'awaiting_payment')::int as placed,
      count(*) filter (where checkout_state = 'payment_selected' and payment_state = 'new')::int as carts,
      count(*) filter (where not (checkout_state = 'completed' and payment_state = 'awaiting_payment')
        and not (checkout_state = 'payment_selected' and payment_state = 'new'))::int as other
    from orders where product_id = ${productId}`);
  const half = await q<{ half_placed: number; half_carts: number }>(sql`
    select
      count(*) filter (where o.checkout_state = 'completed' and (
        o.number is null or o.statements is null or o.checkout_completed_at is null
        or not exists (select 1 from invoices i where i.order_id = o.id)
        or not exists (select 1 from payments p where p.order_id = o.id and p.state = 'awaiting_payment'
          and p.amount = o.total and p.payment_reference is not null)
        or not exists (select 1 from mail_outbox m where m.template = 'order_completed'
          and m.to_address = (select c.email from customers c where c.id = o.customer_id))
        or not exists (select 1 from offer_subscriptions s where s.product_id = o.product_id
          and s.customer_id = o.customer_id)))::int as half_placed,
      count(*) filter (where o.checkout_state <> 'completed' and (
        o.number is not null or o.checkout_completed_at is not null
        or exists (select 1 from invoices i where i.order_id = o.id)
        or exists (select 1 from payments p where p.order_id = o.id and p.state <> 'new')
        or exists (select 1 from mail_outbox m where m.template = 'order_completed'
          and m.to_address = (select c.email from customers c where c.id = o.customer_id))
        or exists (select 1 from offer_subscriptions s where s.product_id = o.product_id
          and s.customer_id = o.customer_id)))::int as half_carts
    from orders o where o.product_id = ${productId}`);
  const stock = await q<{ on_hold: number }>(sql`
    select sum(on_hold)::int as on_hold from product_variants where product_id = ${productId}`);
  const seats = await q<{ seats: number; tokens: number }>(sql`
    select count(*)::int as seats, coalesce(sum(quantity), 0)::int as tokens
    from offer_subscriptions where product_id = ${productId}`);
  const invoices = await q<{ n: number; lo: number | null; hi: number | null; last: number | null }>(sql`
    select count(*)::int as n, min(sequence) as lo, max(sequence) as hi,
      (select max(last_number) from invoice_sequences) as last
    from invoices`);
  return {
    placed: states.placed,
    carts: states.carts,
    other: states.other,
    halfPlaced: half.half_placed,
    halfCarts: half.half_carts,
    onHold: stock.on_hold,
    seats: seats.seats,
    seatTokens: seats.tokens,
    invoices,
  };
}

/** Every order whole: placed with all its parts or a cart with none; stock, seats and invoices agree. */
function expectWhole(p: Picture) {
  expect(p.other).toBe(0);
  expect(p.placed + p.carts).toBe(investors);
  expect(p.halfPlaced).toBe(0);
  expect(p.halfCarts).toBe(0);
  expect(p.onHold).toBe(p.placed * quantity);
  expect(p.seats).toBe(p.placed);
  expect(p.seatTokens).toBe(p.placed * quantity);
  // invoice numbers of the year gap-free: 1..n, and the counter at n
  expect(p.invoices.n).toBe(p.placed);
  if (p.placed > 0) {
    expect(p.invoices.lo).toBe(1);
    expect(p.invoices.hi).toBe(p.placed);
    expect(p.invoices.last).toBe(p.placed);
  }
}

describe.runIf(process.env.TEST_DB === 'postgres')('kill -9 while orders complete (PostgreSQL)', () => {
  it('leaves no half order, and a restarted server places the rest', async () => {
    const fresh = await freshPostgresDatabase('t_crash');
    dropDatabase = fresh.drop;
    handle = await openDatabase({ databaseUrl: fresh.url, dataDir, poolSize: 2 });
    await migrateDatabase(handle);
    const db = handle.db;
    await db.transaction(async (tx) => {
      await seedReferenceData(tx);
      await seedChannel(tx);
    });
    const { product, variant } = await seedBond(db, { variant: { totalSupply: 1_000_000 } });
    const emails: string[] = [];
    for (let i = 0; i < investors; i++) {
      emails.push((await seedBuyer(db, { appSecret, password: testPassword })).email);
    }

    const port = await freePort();
    const first = await start(fresh.url, port);
    const ready = [];
    for (const email of emails) ready.push(await readyOrder(first.base, email, variant!.code));
    expectWhole(await picture(db, product.id));

    // All at once; SIGKILL the moment the first is answered.
    let killed = false;
    const answers = await Promise.all(
      ready.map((o) =>
        complete(first.base, o).then(
          (r) => {
            if (!killed && r.status === 200) {
              killed = true;
              first.proc.kill('SIGKILL');
            }
            return r.status;
          },
          () => 'connection lost' as const,
        ),
      ),
    );
    await new Promise((resolve) =>
      first.proc.exitCode !== null || first.proc.signalCode ? resolve(null) : first.proc.on('exit', resolve),
    );
    expect(first.proc.signalCode).toBe('SIGKILL');
    // the kill did cut completions short: some were never answered
    expect(answers.filter((a) => a === 'connection lost').length).toBeGreaterThan(0);
    expect(answers.filter((a) => a !== 200 && a !== 'connection lost')).toEqual([]);

    const afterKill = await picture(db, product.id);
    expectWhole(afterKill);
    // what was answered 200 was committed
    expect(afterKill.placed).toBeGreaterThanOrEqual(answers.filter((a) => a === 200).length);
    expect(afterKill.carts).toBeGreaterThan(0);

    // A new process on the same database: nothing is stuck (no lock, no half state); the carts that
    // were cut short complete, those already placed answer that they are no longer editable.
    const second = await start(fresh.url, await freePort());
    const again = await Promise.all(ready.map((o) => complete(second.base, o)));
    expect(again.filter((a) => a.status === 200)).toHaveLength(afterKill.carts);
    expect(again.filter((a) => a.status !== 200).every((a) => a.status >= 400 && a.status < 500)).toBe(true);
    const end = await picture(db, product.id);
    expectWhole(end);
    expect(end.placed).toBe(investors);
    expect(await stopServerProcess(second.proc)).toBe(0);
  }, 180_000);
});
