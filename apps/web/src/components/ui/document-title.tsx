import { useEffect } from 'react';
import { useChannel } from '../../lib/channel.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { type PageHead, usePageHead } from '../../ssr/page-head.ts';

/** The one `<meta name="description">` of index.html (created should a test document lack it). */
function descriptionElement(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Sets the tab title and the meta description in the page's language. Every page renders it in
 * each of its states (loading ones too), so no title of another page or language stays behind.
 * It updates index.html's single `<title>` and description in place instead of adding second ones.
 * On the server (decision 021) it writes the same, with the Open Graph picture and type and a
 * JSON-LD object, into the render's head collector; the server puts them into `<head>`.
 */
export function DocumentTitle({
  title,
  description,
  image,
  type,
  jsonLd,
}: {
  title?: string | undefined;
  description?: string | null | undefined;
  image?: string | null | undefined;
  type?: PageHead['type'];
  jsonLd?: Record<string, unknown> | undefined;
}) {
  const { t } = useTranslation();
  const channel = useChannel();
  const site = channel.data?.name ?? 'Tokenwerk';
  const fullTitle = title ? `${title} · ${site}` : `${site} – ${t('meta.tagline')}`;
  const content = description?.trim() || t('meta.description');
  const head = usePageHead();
  if (head) {
    // the last DocumentTitle rendered wins, as the effects below do in the browser
    head.title = fullTitle;
    head.description = content;
    head.image = image ?? undefined;
    head.type = type ?? 'website';
    if (jsonLd) head.jsonLd = jsonLd;
    else delete head.jsonLd;
  }
  useEffect(() => {
    document.title = fullTitle;
    descriptionElement().content = content;
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = new URL(window.location.pathname, window.location.origin).href;
  }, [fullTitle, content]);
  return null;
}
