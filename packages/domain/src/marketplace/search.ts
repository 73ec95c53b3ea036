import { z } from 'zod';
import { productViewSchema } from '../catalog-views/index.ts';

/** Issue 18 / contract: a search phrase is at most 200 characters. */
export const searchPhraseMaxLength = 200;
/** Search hits per page: 12 by default (spec 9's page size), at most 50. */
export const searchHitsPerPage = 12;
export const maxSearchHitsPerPage = 50;

/**
 * A search phrase as the API and the web's search box take it: at most 200 characters and no control
 * characters (they are never typed, and PostgreSQL rejects NUL).
 */
export const searchPhraseSchema = z
  .string()
  .max(searchPhraseMaxLength)
  .regex(/^[^\p{Cc}]*$/u, 'control characters are not allowed');

/** A piece of a highlighted text; `match` pieces are what the phrase found (the web marks them). */
export const searchSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

/** A search hit: the listed product plus its name and description cut into highlighted segments. */
export const searchHitViewSchema = productViewSchema.extend({
  highlights: z.object({
    name: z.array(searchSegmentSchema),
    /** An excerpt of the description around its first match (the whole text when short). */
    description: z.array(searchSegmentSchema),
  }),
});
export type SearchHitView = z.infer<typeof searchHitViewSchema>;
