import type { LegalDocumentView } from '@token/domain/catalog-views';
import { useLocale, useTranslation } from '../lib/i18n.ts';

/**
 * A legal document's name in the reader's language. A document that exists only in another
 * language (the API falls back to German) is named by its kind in the reader's language and says
 * which language it is in: "Securities information sheet (WIB) (in German)" (issue 15).
 */
export function LegalDocumentTitle({
  document,
}: {
  document: Pick<LegalDocumentView, 'type' | 'title' | 'locale'>;
}) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const other = document.locale !== null && document.locale !== locale ? document.locale : null;
  const title =
    other && document.type !== 'other' ? t(`legalDocuments.types.${document.type}`) : document.title;
  return (
    <>
      {title}
      {other && (
        <span className="font-normal text-slate-600" data-testid="document-language">
          {' '}
          {t(`legalDocuments.inLanguage.${other}`)}
        </span>
      )}
    </>
  );
}
