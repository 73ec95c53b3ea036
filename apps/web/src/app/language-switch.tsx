import { supportedLocales } from '@token/domain/i18n';
import { changeLocale, useLocale, useTranslation } from '../lib/i18n.ts';

/** DE | EN toggle; the choice is kept across reloads and sent to the API as Accept-Language. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <fieldset className={`inline-flex rounded-md border border-slate-300 bg-white p-0.5 ${className}`}>
      <legend className="sr-only">{t('language.label')}</legend>
      {supportedLocales.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={locale === l}
          title={t(`language.${l}`)}
          onClick={() => void changeLocale(l)}
          className={`rounded px-2.5 py-1 text-xs font-semibold tracking-wide uppercase transition-colors ${
            locale === l ? 'bg-brand-900 text-white' : 'text-slate-600 hover:bg-slate-100'
          }`}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
