import { Building2, Mail } from 'lucide-react';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useChannel } from '../../lib/channel.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { ContactForm } from './contact-form.tsx';

/** spec 2 /contact: the channel's contact address and a form that reaches the operator's mailbox. */
export function ContactPage() {
  const { t } = useTranslation(['contact', 'common']);
  const channel = useChannel();
  const c = channel.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title={t('contact.title')} description={t('contact.metaDescription')} />
      <h1 className="text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">
        {t('contact.title')}
      </h1>
      <p className="mt-3 max-w-2xl text-slate-700">{t('contact.intro')}</p>
      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <aside className="space-y-4 lg:order-2">
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="flex items-center gap-2 text-sm font-semibold text-brand-900">
              <Mail className="size-4" aria-hidden="true" />
              {t('contact.emailUs')}
            </h2>
            {c ? (
              <a
                href={`mailto:${c.contactEmail}`}
                className="mt-2 block break-all text-brand-700 underline underline-offset-2"
                data-testid="contact-email"
              >
                {c.contactEmail}
              </a>
            ) : (
              <Skeleton className="mt-2 h-6 w-48" />
            )}
          </section>
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="flex items-center gap-2 text-sm font-semibold text-brand-900">
              <Building2 className="size-4" aria-hidden="true" />
              {t('contact.address')}
            </h2>
            {c ? (
              <address className="mt-2 text-sm leading-6 text-slate-700 not-italic">
                <span className="block font-medium text-slate-900">{c.company.name}</span>
                <span className="block">{c.company.street}</span>
                <span className="block">
                  {c.company.postcode} {c.company.city}
                </span>
              </address>
            ) : (
              <Skeleton className="mt-2 h-18 w-48" />
            )}
          </section>
        </aside>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-2">
          <h2 className="mb-6 text-xl font-semibold text-brand-900">{t('contact.formTitle')}</h2>
          <ContactForm />
        </section>
      </div>
    </div>
  );
}
