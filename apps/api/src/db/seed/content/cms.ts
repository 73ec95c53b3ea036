import { cmsBlocksDe, cmsPagesDe } from './cms-de.ts';
import { cmsBlocksEn, cmsPagesEn } from './cms-en.ts';

export type CmsPageText = {
  name: string;
  slug: string;
  title: string;
  metaDescription: string;
  content: string;
};
export type CmsBlockText = { name: string; content: string };

/** CMS page codes (docs/demo-data.md, "CMS"); each has a German and an English text. */
export const cmsPageCodes = [
  'imprint',
  'privacy-policy',
  'terms-and-conditions',
  'data-protection',
  'legal-indications',
  'contact',
] as const;

export const cmsBlockCodes = ['home-welcome', 'home-how-to-start', 'footer-partners'] as const;

export const cmsPages = cmsPageCodes.map((code) => ({ code, de: cmsPagesDe[code]!, en: cmsPagesEn[code]! }));
export const cmsBlocks = cmsBlockCodes.map((code) => ({
  code,
  de: cmsBlocksDe[code]!,
  en: cmsBlocksEn[code]!,
}));
