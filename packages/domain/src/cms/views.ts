import { z } from 'zod';

/*
 * The CMS plugin's views (issue 15, convention 6): blocks and pages as the shop API answers them.
 * The route response schemas and the web's types derive from them; Hydra fields are added by the route.
 */

/** One language of a block. */
export const cmsBlockTranslationViewSchema = z.object({
  locale: z.string(),
  name: z.string().nullable(),
  content: z.string(),
});
export type CmsBlockTranslationView = z.infer<typeof cmsBlockTranslationViewSchema>;

/** GET cms-plugin/blocks: a block (welcome banner, footer partners) in the reader's language. */
export const cmsBlockViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  enabled: z.boolean(),
  name: z.string().nullable(),
  content: z.string().describe('Sanitised HTML in the requested language, German as fallback'),
  translations: z.record(z.string(), cmsBlockTranslationViewSchema),
});
export type CmsBlockView = z.infer<typeof cmsBlockViewSchema>;

/** One language of a page. */
export const cmsPageTranslationViewSchema = z.object({
  locale: z.string(),
  name: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  metaDescription: z.string().nullable(),
});
export type CmsPageTranslationView = z.infer<typeof cmsPageTranslationViewSchema>;

/** GET cms-plugin/pages: a page (legal texts, contact) in the reader's language. */
export const cmsPageViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  enabled: z.boolean(),
  name: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string().describe('Sanitised HTML in the requested language, German as fallback'),
  metaDescription: z.string().nullable(),
  translations: z.record(z.string(), cmsPageTranslationViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CmsPageView = z.infer<typeof cmsPageViewSchema>;
