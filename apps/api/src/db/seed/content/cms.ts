import { cmsBlocksDe, cmsPagesDe } from './cms-de.ts';
import { cmsBlocksEn, cmsPagesEn } from './cms-en.ts';
import { cmsBlockCodes, cmsPageCodes } from './cms-text.ts';

/** Every CMS page with its German and English text, for the seed. */
export const cmsPages = cmsPageCodes.map((code) => ({ code, de: cmsPagesDe[code], en: cmsPagesEn[code] }));
/** Every CMS block with its German and English text, for the seed. */
export const cmsBlocks = cmsBlockCodes.map((code) => ({
  code,
  de: cmsBlocksDe[code],
  en: cmsBlocksEn[code],
}));
