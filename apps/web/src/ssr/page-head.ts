import { createContext, useContext } from 'react';

/**
 * What a server-rendered page says about itself in `<head>` (decision 021): its title and
 * description in the page's language, the picture for Open Graph, and a JSON-LD object (a
 * `Product` on item pages). The server collects it while rendering; in the browser it is null and
 * `DocumentTitle` updates the document instead.
 */
export type PageHead = {
  title?: string;
  description?: string;
  /** An absolute or site-relative picture URL for og:image. */
  image?: string | undefined;
  /** Open Graph type: `product` on item pages, `website` otherwise. */
  type?: 'website' | 'product';
  jsonLd?: Record<string, unknown>;
  /** The HTTP status of the page: 404 when it renders page-not-found. */
  status?: number;
};

/** The server's collector of the page's head; absent (null) in the browser. */
export const PageHeadContext = createContext<PageHead | null>(null);

/** Writes into the server's head collector (no-op in the browser, where effects set the document). */
export function usePageHead(): PageHead | null {
  return useContext(PageHeadContext);
}
