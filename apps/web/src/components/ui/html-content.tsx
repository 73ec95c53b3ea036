/**
 * HTML from the CMS. The API stores and serves it sanitised (cms tables hold "sanitised HTML"),
 * so it is rendered as given, with the long-form text styles of `.cms-content`.
 */
export function HtmlContent({ html, className = '' }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API before it is stored
  return <div className={`cms-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Splits a leading heading (h1-h3) off CMS HTML, so a block's own headline can be the page's
 * heading element; the rest stays HTML. Parsed by the browser, never by string matching.
 */
export function splitLeadingHeading(html: string): { heading: string | null; rest: string } {
  if (typeof DOMParser === 'undefined') return { heading: null, rest: html };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const first = doc.body.firstElementChild;
  if (!first || !/^H[1-3]$/.test(first.tagName)) return { heading: null, rest: html };
  const heading = first.textContent?.trim() || null;
  first.remove();
  return { heading, rest: doc.body.innerHTML };
}
