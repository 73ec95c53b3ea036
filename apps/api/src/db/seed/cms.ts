import type { Tx } from '../client.ts';
import { cmsBlocks, cmsBlockTranslations, cmsPages, cmsPageTranslations } from '../schema/index.ts';
import { cmsBlocks as blockTexts, cmsPages as pageTexts } from './content/cms.ts';

const PUBLISHED_AT = new Date('2026-01-05T08:30:00Z');

/** The legal and contact pages and the home and footer blocks, each in German and English. */
export async function seedCms(tx: Tx) {
  const pages = await tx
    .insert(cmsPages)
    .values(
      pageTexts.map(({ code }) => ({
        code,
        enabled: true,
        createdAt: PUBLISHED_AT,
        updatedAt: PUBLISHED_AT,
      })),
    )
    .returning({ id: cmsPages.id, code: cmsPages.code });
  const pageId = new Map(pages.map((p) => [p.code, p.id]));
  await tx
    .insert(cmsPageTranslations)
    .values(
      pageTexts.flatMap((p) =>
        (['de', 'en'] as const).map((locale) => ({ pageId: pageId.get(p.code)!, locale, ...p[locale] })),
      ),
    );
  const blocks = await tx
    .insert(cmsBlocks)
    .values(blockTexts.map(({ code }) => ({ code, enabled: true })))
    .returning({ id: cmsBlocks.id, code: cmsBlocks.code });
  const blockId = new Map(blocks.map((b) => [b.code, b.id]));
  await tx
    .insert(cmsBlockTranslations)
    .values(
      blockTexts.flatMap((b) =>
        (['de', 'en'] as const).map((locale) => ({ blockId: blockId.get(b.code)!, locale, ...b[locale] })),
      ),
    );
}
