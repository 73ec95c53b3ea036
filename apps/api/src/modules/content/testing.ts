import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { mediaFiles } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { jsonCalls, shopPath } from '../../test/json-calls.ts';
import { createCreatorProduct } from './creator-products.service.ts';

/**
 * For tests of other modules: a ready (checked) public upload of `customerId` and a product of theirs
 * in review that uses it, as the create-content calls would leave them.
 */
export async function seedCreatorContent(t: TestApp, customerId: number) {
  const bytes = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
  const uuid = crypto.randomUUID();
  const storageKey = `public/content/${uuid}.gif`;
  await t.app.partners.storage.put(storageKey, bytes, 'image/gif');
  const [file] = await t.app.db
    .insert(mediaFiles)
    .values({
      uuid,
      fileName: 'punkt.gif',
      originalName: 'punkt.gif',
      mimeType: 'image/gif',
      mediaType: 'image',
      bucket: 'public',
      storageKey,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      state: 'ready',
      ownerCustomerId: customerId,
    })
    .returning();
  const product = await createCreatorProduct({
    db: t.app.db,
    storage: t.app.partners.storage,
    customerId,
    locale: 'de',
    input: {
      mediaFiles: [`/api/v2/shop/media-files/${file!.id}`],
      translations: { de: { name: 'Punkt', description: '' }, en: { name: 'Dot', description: '' } },
      royalties: 5,
      metadata: [],
      traits: [],
      whitelisting: false,
      itemType: 'single',
      copies: 1,
      price: 1_000,
      currency: 'EUR',
      tags: [],
      collaboration: false,
      copyrightTransfer: false,
      unlockOnPurchase: false,
      termsAccepted: true,
      noCopyrightInfringement: true,
    },
  });
  return { mediaFileId: file!.id, productCode: product.code };
}

/**
 * A ready (checked) public or private PNG of `token`, uploaded as the spec's client does (presign,
 * then PUT to the answered link): its IRI.
 */
export async function readyImage(
  t: TestApp,
  token: string,
  opts: { private?: boolean } = {},
): Promise<string> {
  const call = jsonCalls(() => t);
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const presigned = await call('POST', shopPath('/media-files/presign'), {
    token,
    body: {
      filename: 'werk.png',
      private: opts.private ?? false,
      hash: createHash('sha256').update(bytes).digest('hex'),
    },
  });
  const url = new URL(presigned.body.uploadUrl, 'http://localhost');
  const put = await call('PUT', url.pathname, { headers: presigned.body.headers, raw: bytes });
  if (put.status !== 200) throw new Error(`upload refused: ${JSON.stringify(put.body)}`);
  return presigned.body['@id'];
}
