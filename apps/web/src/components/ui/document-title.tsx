import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '../../lib/channel.ts';

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
 */
export function DocumentTitle({
  title,
  description,
}: {
  title?: string | undefined;
  description?: string | null | undefined;
}) {
  const { t } = useTranslation();
  const channel = useChannel();
  const site = channel.data?.name ?? 'Tokenwerk';
  const fullTitle = title ? `${title} · ${site}` : `${site} – ${t('meta.tagline')}`;
  const content = description?.trim() || t('meta.description');
  useEffect(() => {
    document.title = fullTitle;
    descriptionElement().content = content;
  }, [fullTitle, content]);
  return null;
}
