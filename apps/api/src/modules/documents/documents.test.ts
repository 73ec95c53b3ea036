import { createHash } from 'node:crypto';
import { addCalendarMonths, platformToday } from '@token/domain/calendar';
import { maxDocumentBytes } from '@token/domain/documents';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDocuments, storedFiles } from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { openCustomerFile } from './files.service.ts';
import { type FormPart, makePdf, multipartBody, paddedPdf, postMultipart, storedObjects } from './testing.ts';

let t: TestApp;
let pdf: Buffer;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  pdf = await makePdf('Handelsregisterauszug HRB 12345, Amtsgericht Berlin-Charlottenburg');
});
afterAll(async () => {
  await t.close();
});

const base = '/api/v2/shop';
const today = platformToday();
const lastMonth = addCalendarMonths(today, -1);

type Who = { id: number; uuid: string; token: string };
let ipCounter = 0;
async function investor(
  overrides: { accountType?: 'personal' | 'company'; companyName?: string } = {},
): Promise<Who> {
  const c = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, ...overrides });
  const { token } = await loginAs(t.app, { email: c.email, password: testPassword });
  return { id: c.id, uuid: c.uuid, token };
}

const fields = (over: Record<string, string> = {}): FormPart[] =>
  Object.entries({ type: 'ubo', purpose: 'shareholder_list', issuedAt: lastMonth, ...over }).map(
    ([name, value]) => ({
      name,
      value,
    }),
  );
const file = (
  data: Buffer,
  filename = 'Gesellschafterliste.pdf',
  contentType = 'application/pdf',
): FormPart => ({
  name: 'file',
  filename,
  contentType,
  data,
});

function upload(who: Who, parts: FormPart[], opts: { locale?: string; streamed?: boolean } = {}) {
  ipCounter += 1;
  return postMultipart(t.app, {
    url: `${base}/customer-documents`,
    token: who.token,
    parts,
    ip: `10.20.${ipCounter >> 8}.${ipCounter & 255}`,
    ...opts,
  });
}

async function rowsOf(who: Who) {
  const docs = await t.app.db
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.customerId, who.id));
  const files = await t.app.db.select().from(storedFiles).where(eq(storedFiles.customerId, who.id));
  return { docs: docs.length, files: files.length };
}

/** Runs a refused upload and proves it left nothing: no row, no stored object, no temporary file. */
async function expectRefusedWithoutTrace<R extends { status: number; body: Record<string, unknown> }>(
  who: Who,
  run: () => Promise<R>,
): Promise<R> {
  const objectsBefore = storedObjects(t.config.dataDir);
  const rowsBefore = await rowsOf(who);
  const res = await run();
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(storedObjects(t.config.dataDir)).toEqual(objectsBefore);
  expect(await rowsOf(who)).toEqual(rowsBefore);
  return res;
}

describe('POST customer-documents', () => {
  it('stores a PDF streamed under a random private key, with its SHA-256, and answers the document', async () => {
    const a = await investor();
    const res = await upload(a, [...fields(), file(pdf, 'C:\\Scans\\Gesellschafterliste 2025.pdf')]);
    expect(res.status).toBe(201);
    const doc = res.body as Record<string, unknown> & { file: { uuid: string } };
    expect(doc).toEqual({
      id: expect.any(Number),
      type: 'ubo',
      purpose: 'shareholder_list',
      issuedAt: lastMonth,
      scope: 'customer',
      file: {
        uuid: expect.any(String),
        name: 'Gesellschafterliste 2025.pdf',
        size: pdf.length,
        mediaType: 'application/pdf',
      },
      downloadUrl: `${base}/file/${doc.file.uuid}/download`,
      createdAt: expect.any(String),
    });
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.uuid, doc.file.uuid));
    expect(row!.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(row!.storageKey).toMatch(/^private\/documents\/[0-9a-f-]{36}$/);
    expect(row!.storageKey).not.toContain('Gesellschafterliste');
    expect((await t.app.partners.storage.get(row!.storageKey))!.equals(pdf)).toBe(true);
    // Outside the web root: the public media proxy does not serve it.
    expect((await t.app.inject({ url: `/media/${row!.storageKey}` })).statusCode).toBe(404);
  });

  it('lists the documents by type, as JSON-LD or plain JSON; a personal account has no company documents', async () => {
    const a = await investor();
    await upload(a, [
      ...fields({ type: 'registry_excerpt', purpose: 'commercial_register_excerpt' }),
      file(pdf),
    ]);
    await upload(a, [...fields(), file(pdf)]);
    const ld = await t.app.inject({
      url: `${base}/customer-documents?type=registry_excerpt`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(ld.statusCode).toBe(200);
    const body = ld.json();
    expect(body['hydra:totalItems']).toBe(1);
    expect(body['hydra:member'][0]).toMatchObject({
      '@type': 'CustomerDocument',
      '@id': `${base}/customer-documents/${body['hydra:member'][0].id}`,
      purpose: 'commercial_register_excerpt',
    });
    const all = await shop(t.app, a.token).get('/customer-documents');
    expect((all.body as unknown as unknown[]).length).toBe(2);
    const company = await shop(t.app, a.token).get('/customer-documents/company?type=registry_excerpt');
    expect(company.status).toBe(200);
    expect(company.body).toEqual([]);
    const badType = await shop(t.app, a.token).get('/customer-documents?type=passport');
    expect(badType.status).toBe(400);
    expect(badType.body.code).toBe('invalid_query');
  });

  it('files a company account’s uploads as company documents', async () => {
    const c = await investor({ accountType: 'company', companyName: `Muster GmbH ${Date.now()}` });
    const res = await upload(c, [
      ...fields({ type: 'registry_excerpt', purpose: 'commercial_register_excerpt' }),
      file(pdf),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.scope).toBe('company');
    const company = await shop(t.app, c.token).get('/customer-documents/company?type=registry_excerpt');
    expect((company.body as unknown as { id: number }[]).map((d) => d.id)).toEqual([res.body.id]);
  });

  it('accepts a PDF of exactly 20 MB and refuses one byte more', async () => {
    const a = await investor();
    const exact = await upload(a, [
      ...fields({ purpose: 'shareholder_agreement' }),
      file(paddedPdf(maxDocumentBytes)),
    ]);
    expect(exact.status).toBe(201);
    expect((exact.body.file as { size: number }).size).toBe(maxDocumentBytes);
    const over = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields({ purpose: 'shareholder_agreement' }), file(paddedPdf(maxDocumentBytes + 1))], {
        streamed: true,
      }),
    );
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('file_too_big');
  });
});

describe('refused uploads change nothing', () => {
  it('refuses a text file named .pdf (415), in the reader’s language', async () => {
    const a = await investor();
    const text = Buffer.from('Dies ist kein PDF, nur Text mit der Endung .pdf\n'.repeat(50));
    const de = await expectRefusedWithoutTrace(a, () => upload(a, [...fields(), file(text, 'auszug.pdf')]));
    expect(de.status).toBe(415);
    expect(de.res.headers['content-type']).toContain('application/problem+json');
    expect(de.body).toMatchObject({
      code: 'file_type_not_allowed',
      title: 'Dieser Dateityp kann nicht hochgeladen werden.',
    });
    const en = await upload(a, [...fields(), file(text, 'auszug.pdf')], { locale: 'en' });
    expect(en.body.title).toBe('This type of file can not be uploaded');
  });

  it('refuses a PNG sent as application/pdf (415): the bytes decide, not the name or the claim', async () => {
    const a = await investor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await expectRefusedWithoutTrace(a, () => upload(a, [...fields(), file(png, 'scan.pdf')]));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('file_type_not_allowed');
  });

  it('refuses a 21 MB PDF (413), whether its size is declared or only found while streaming', async () => {
    const a = await investor();
    const big = paddedPdf(21_000_000);
    for (const streamed of [false, true]) {
      const res = await expectRefusedWithoutTrace(a, () =>
        upload(a, [...fields(), file(big, 'gross.pdf')], { streamed }),
      );
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('file_too_big');
      // Refused before the body was read: the connection is not reused.
      expect(res.res.headers.connection).toBe('close');
    }
  });

  it('refuses a PDF cut short, without its %%EOF trailer (422 file_not_recognized)', async () => {
    const a = await investor();
    const cut = pdf.subarray(0, Math.floor(pdf.length / 2));
    const res = await expectRefusedWithoutTrace(a, () => upload(a, [...fields(), file(cut)]));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('file_not_recognized');
  });

  it('answers 400 no_file_uploaded without a file, or with an empty file part', async () => {
    const a = await investor();
    const none = await expectRefusedWithoutTrace(a, () => upload(a, fields()));
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('no_file_uploaded');
    const empty = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields(), file(Buffer.alloc(0), '')]),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('no_file_uploaded');
  });

  it('refuses a document older than 3 months or dated in the future, on issuedAt', async () => {
    const a = await investor();
    const old = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields({ issuedAt: addCalendarMonths(today, -4) }), file(pdf)], { locale: 'en' }),
    );
    expect(old.status).toBe(422);
    expect(old.body).toMatchObject({
      code: 'validation_failed',
      violations: [
        {
          propertyPath: 'issuedAt',
          code: 'document_too_old',
          message: 'The document must not be older than 3 months',
        },
      ],
    });
    const future = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields({ issuedAt: addCalendarMonths(today, 1) }), file(pdf)]),
    );
    expect(future.body.violations).toEqual([
      {
        propertyPath: 'issuedAt',
        code: 'date_in_future',
        message: 'Das Datum darf nicht in der Zukunft liegen',
      },
    ]);
    // The day exactly three months back is still accepted.
    const edge = await upload(a, [...fields({ issuedAt: addCalendarMonths(today, -3) }), file(pdf)]);
    expect(edge.status).toBe(201);
  });

  it('judges fields sent after the file too, and then discards the file already streamed', async () => {
    const a = await investor();
    const late = await expectRefusedWithoutTrace(a, () =>
      upload(a, [file(pdf), ...fields({ issuedAt: addCalendarMonths(today, -4) })]),
    );
    expect(late.status).toBe(422);
    expect(late.body.violations).toMatchObject([{ propertyPath: 'issuedAt', code: 'document_too_old' }]);
    const missing = await expectRefusedWithoutTrace(a, () =>
      upload(a, [{ name: 'type', value: 'ubo' }, file(pdf)]),
    );
    expect(missing.status).toBe(422);
    expect(
      (missing.body.violations as { propertyPath: string; code: string }[]).map(
        (v) => `${v.propertyPath}:${v.code}`,
      ),
    ).toEqual(['purpose:must_be_selected', 'issuedAt:required']);
    const ok = await upload(a, [file(pdf), ...fields()]);
    expect(ok.status).toBe(201);
  });

  it('refuses unknown fields, a file under another name, a purpose foreign to the type, and non-multipart bodies', async () => {
    const a = await investor();
    const unknown = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields({ customerId: '1' }), file(pdf)]),
    );
    expect(unknown.body.violations).toMatchObject([
      { propertyPath: 'customerId', code: 'unknown_parameter' },
    ]);
    const otherName = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields(), { name: 'document', filename: 'x.pdf', data: pdf }]),
    );
    expect(otherName.body.violations).toMatchObject([
      { propertyPath: 'document', code: 'unknown_parameter' },
    ]);
    const foreign = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields({ type: 'registry_excerpt', purpose: 'shareholder_list' }), file(pdf)]),
    );
    expect(foreign.body.violations).toMatchObject([{ propertyPath: 'purpose', code: 'invalid_value' }]);
    const json = await shop(t.app, a.token).post('/customer-documents', {
      type: 'ubo',
      purpose: 'shareholder_list',
    });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('unsupported_media_type');
    expect(await rowsOf(a)).toEqual({ docs: 0, files: 0 });
  });

  it('allows three documents per purpose and refuses a fourth (422) before storing it', async () => {
    const a = await investor();
    for (let i = 1; i <= 3; i++) {
      expect((await upload(a, [...fields(), file(pdf, `liste-${i}.pdf`)])).status).toBe(201);
    }
    const fourth = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields(), file(pdf, 'liste-4.pdf')]),
    );
    expect(fourth.status).toBe(422);
    expect(fourth.body).toMatchObject({
      code: 'document_limit_reached',
      title: 'Für diesen Zweck können höchstens drei Dokumente hochgeladen werden.',
      violations: [{ propertyPath: 'purpose', code: 'document_limit_reached' }],
    });
    // Also when the purpose arrives after the file (the limit is checked again when recording).
    const late = await expectRefusedWithoutTrace(a, () => upload(a, [file(pdf), ...fields()]));
    expect(late.body.code).toBe('document_limit_reached');
    // Another purpose still has room; after a deletion the purpose has room again.
    expect((await upload(a, [...fields({ purpose: 'shareholder_agreement' }), file(pdf)])).status).toBe(201);
    const list = (await shop(t.app, a.token).get('/customer-documents?type=ubo')).body as unknown as {
      id: number;
      purpose: string;
    }[];
    const first = list.find((d) => d.purpose === 'shareholder_list')!;
    expect((await shop(t.app, a.token).delete(`/customer-documents/${first.id}`)).status).toBe(204);
    expect((await upload(a, [...fields(), file(pdf, 'liste-neu.pdf')])).status).toBe(201);
  });

  it('lets parallel uploads take only the free places of a purpose (row lock; real on PostgreSQL)', async () => {
    const a = await investor();
    const objectsBefore = storedObjects(t.config.dataDir).length;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        upload(a, [
          ...fields({ purpose: 'transparency_register_excerpt', type: 'registry_excerpt' }),
          file(pdf, `t-${i}.pdf`),
        ]),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422]);
    for (const r of results.filter((x) => x.status === 422))
      expect(r.body.code).toBe('document_limit_reached');
    expect(await rowsOf(a)).toEqual({ docs: 3, files: 3 });
    expect(storedObjects(t.config.dataDir).length).toBe(objectsBefore + 3);
  });

  it('over a real connection, refuses a streamed 21 MB upload and a text file without hanging or leftovers', async () => {
    const a = await investor();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const objectsBefore = storedObjects(t.config.dataDir);
    const send = async (parts: FormPart[]) => {
      const { body, contentType } = multipartBody(parts);
      // Sent in 64 KiB pieces without a Content-Length: only the streaming checks can stop it.
      const pieces = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
        body.subarray(i * 65_536, (i + 1) * 65_536),
      );
      const res = await fetch(`${address}${base}/customer-documents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${a.token}`,
          'content-type': contentType,
          accept: 'application/json',
        },
        body: ReadableStream.from(pieces),
        duplex: 'half',
        signal: AbortSignal.timeout(20_000),
      } as RequestInit);
      return { status: res.status, body: (await res.json()) as { code: string } };
    };
    const big = await send([...fields(), file(paddedPdf(21_000_000), 'gross.pdf')]);
    expect(big).toMatchObject({ status: 413, body: { code: 'file_too_big' } });
    const text = await send([...fields(), file(Buffer.alloc(3_000_000, 'kein pdf '), 'text.pdf')]);
    expect(text).toMatchObject({ status: 415, body: { code: 'file_type_not_allowed' } });
    const ok = await send([...fields(), file(pdf)]);
    expect(ok.status).toBe(201);
    expect(storedObjects(t.config.dataDir).length).toBe(objectsBefore.length + 1);
    expect(await rowsOf(a)).toEqual({ docs: 1, files: 1 });
  });

  it('answers a broken or overfull form with 400, never 500, and keeps nothing', async () => {
    const a = await investor();
    const twoFiles = await expectRefusedWithoutTrace(a, () =>
      upload(a, [...fields(), file(pdf), file(pdf, 'zwei.pdf')]),
    );
    expect(twoFiles.status).toBe(400);
    expect(twoFiles.body.code).toBe('invalid_body');
    const { body, contentType } = multipartBody([...fields(), file(paddedPdf(200_000))]);
    for (const cut of [body.subarray(0, 150_000), body.subarray(0, body.length - 10)]) {
      const res = await expectRefusedWithoutTrace(a, async () => {
        const r = await t.app.inject({
          method: 'POST',
          url: `${base}/customer-documents`,
          headers: { authorization: `Bearer ${a.token}`, 'content-type': contentType },
          payload: cut,
        });
        return { status: r.statusCode, body: r.json() as Record<string, unknown> };
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_body');
    }
  });

  it('needs a login', async () => {
    const res = await postMultipart(t.app, {
      url: `${base}/customer-documents`,
      parts: [...fields(), file(pdf)],
    });
    expect(res.status).toBe(401);
  });
});

describe('downloads', () => {
  it('returns the exact bytes as a PDF attachment that is never sniffed or cached', async () => {
    const a = await investor();
    const created = await upload(a, [
      ...fields({ type: 'registry_excerpt', purpose: 'transparency_register_excerpt' }),
      file(pdf, 'Transparenzregister Übersicht.pdf'),
    ]);
    const res = await t.app.inject({
      url: created.body.downloadUrl as string,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Transparenzregister_Uebersicht.pdf"; filename*=UTF-8''Transparenzregister%20%C3%9Cbersicht.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('lets the operator area open any customer’s file, by uuid only', async () => {
    const a = await investor();
    const created = await upload(a, [...fields(), file(pdf)]);
    const uuid = (created.body.file as { uuid: string }).uuid;
    const opened = await openCustomerFile({ db: t.app.db, storage: t.app.partners.storage, fileUuid: uuid });
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    expect(opened.file).toMatchObject({
      uuid,
      customerId: a.id,
      mediaType: 'application/pdf',
      size: pdf.length,
    });
    await expect(
      openCustomerFile({ db: t.app.db, storage: t.app.partners.storage, fileUuid: 'not-a-uuid' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('ownership', () => {
  it('never shows, deletes or hands out one customer’s documents and files to another (404)', async () => {
    const a = await investor();
    const b = await investor();
    const created = await upload(a, [...fields(), file(pdf)]);
    const id = created.body.id as number;
    const uuid = (created.body.file as { uuid: string }).uuid;

    expect((await shop(t.app, b.token).get('/customer-documents')).body).toEqual([]);
    expect((await shop(t.app, b.token).get('/customer-documents?type=ubo')).body).toEqual([]);
    const readOther = await shop(t.app, b.token).get(`/customer-documents/${id}`);
    expect(readOther.status).toBe(404);
    expect(readOther.body.code).toBe('not_found');
    expect((await shop(t.app, b.token).delete(`/customer-documents/${id}`)).status).toBe(404);
    const download = await t.app.inject({
      url: `${base}/file/${uuid}/download`,
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(download.statusCode).toBe(404);
    expect(download.headers['content-type']).toContain('application/problem+json');
    expect(download.body).not.toContain('%PDF');

    // A's document is untouched and still A's.
    expect((await shop(t.app, a.token).get(`/customer-documents/${id}`)).status).toBe(200);
    const own = await t.app.inject({
      url: `${base}/file/${uuid}/download`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(own.statusCode).toBe(200);

    const anonymous = await t.app.inject({ url: `${base}/file/${uuid}/download` });
    expect(anonymous.statusCode).toBe(401);
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({
        url: `${base}/file/${bad}/download`,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('deletes the document with its stored file; the download is gone afterwards', async () => {
    const a = await investor();
    const created = await upload(a, [...fields(), file(pdf)]);
    const uuid = (created.body.file as { uuid: string }).uuid;
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.uuid, uuid));
    expect(await t.app.partners.storage.get(row!.storageKey)).not.toBeNull();

    const res = await t.app.inject({
      method: 'DELETE',
      url: `${base}/customer-documents/${created.body.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.app.partners.storage.get(row!.storageKey)).toBeNull();
    expect(await rowsOf(a)).toEqual({ docs: 0, files: 0 });
    expect((await shop(t.app, a.token).get(`/customer-documents/${created.body.id}`)).status).toBe(404);
    const download = await t.app.inject({
      url: `${base}/file/${uuid}/download`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(download.statusCode).toBe(404);
    expect((await shop(t.app, a.token).delete(`/customer-documents/${created.body.id}`)).status).toBe(404);
  });
});
