/** One CMS page's text in one language. */
export type CmsPageText = {
  name: string;
  slug: string;
  title: string;
  metaDescription: string;
  content: string;
};
/** One CMS block's text in one language. */
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
export type CmsPageCode = (typeof cmsPageCodes)[number];

export const cmsBlockCodes = ['home-welcome', 'home-how-to-start', 'footer-partners'] as const;
export type CmsBlockCode = (typeof cmsBlockCodes)[number];
