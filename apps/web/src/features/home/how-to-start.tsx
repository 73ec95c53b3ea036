import { Layers, UploadCloud, Wallet } from 'lucide-react';
import { HtmlContent } from '../../components/ui/html-content.tsx';
import { useCmsBlock } from '../../lib/cms-block.ts';
import { useTranslation } from '../../lib/i18n.ts';

const steps = [
  { key: 'wallet', icon: Wallet },
  { key: 'collection', icon: Layers },
  { key: 'listing', icon: UploadCloud },
] as const;

/** spec 1: the three-step how-to-start section (CMS block home-how-to-start, else built-in text). */
export function HowToStart() {
  const { t } = useTranslation(['home', 'common']);
  const block = useCmsBlock('home-how-to-start');
  return (
    <section className="border-y border-slate-200 bg-white" aria-labelledby="how-title">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="how-title" className="text-2xl font-semibold tracking-tight text-brand-900">
          {block.data?.name ?? t('home.howToStart.title')}
        </h2>
        {block.data ? (
          <HtmlContent html={block.data.content} className="how-to-start mt-6" />
        ) : (
          <ol className="mt-6 grid gap-6 md:grid-cols-3">
            {steps.map(({ key, icon: Icon }, i) => (
              <li key={key} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
                <span className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-brand-900 text-white">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-accent-700">
                    {t('home.howToStart.step', { number: i + 1 })}
                  </span>
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{t(`home.howToStart.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-700">{t(`home.howToStart.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
