import { platformToday } from '@token/domain/calendar';
import { parseCommercialRegister } from '@token/domain/format';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { HtmlContent } from '../components/ui/html-content.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useChannel } from '../lib/channel.ts';
import { useCmsBlock } from '../lib/cms-block.ts';
import { type TFunction, useLocale, useTranslation } from '../lib/i18n.ts';

export const legalLinks = [
  { to: '/imprint', key: 'imprint' },
  { to: '/privacy-policy', key: 'privacyPolicy' },
  { to: '/terms-and-conditions', key: 'termsAndConditions' },
  { to: '/data-protection', key: 'dataProtection' },
  { to: '/legal-indications', key: 'legalIndications' },
  { to: '/contact', key: 'contact' },
] as const;

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The channel's commercial register entry in the reader's language: the register court's seat and
 * number from the entry, the court's name from the locale ("Amtsgericht" reads "Local Court" in
 * English); an entry of another shape keeps its words under a translated label.
 */
function registerLine(t: TFunction, registry: string): string {
  const parsed = parseCommercialRegister(registry);
  return parsed ? t('footer.register', parsed) : t('footer.registerEntry', { entry: registry });
}

/** spec 1: company name and address from the channel, the legal pages, 'powered by' partners. */
export function Footer() {
  const { t } = useTranslation();
  const locale = useLocale();
  const channel = useChannel();
  const partners = useCmsBlock('footer-partners');
  const c = channel.data;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-brand-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.company')}</h2>
          {c ? (
            <address className="mt-3 text-sm leading-6 not-italic">
              <span className="block font-medium text-white">{c.company.name}</span>
              <span className="block">{c.company.street}</span>
              <span className="block">
                {c.company.postcode} {c.company.city}
              </span>
              <span className="block">{countryName(c.company.countryCode, locale)}</span>
              {c.company.registry && (
                <span className="mt-2 block text-xs text-slate-400" data-testid="footer-register">
                  {registerLine(t, c.company.registry)}
                </span>
              )}
              <a
                href={`mailto:${c.contactEmail}`}
                className="mt-3 inline-flex items-center gap-1.5 text-slate-200 underline-offset-2 hover:underline"
              >
                <Mail className="size-4" aria-hidden="true" />
                {c.contactEmail}
              </a>
            </address>
          ) : (
            // The address's shape: four lines, the register line, the e-mail link.
            <div className="mt-3" aria-hidden="true">
              <Skeleton className="my-1 h-4 w-48 bg-slate-700" />
              <Skeleton className="my-1 h-4 w-40 bg-slate-700" />
              <Skeleton className="my-1 h-4 w-32 bg-slate-700" />
              <Skeleton className="my-1 h-4 w-24 bg-slate-700" />
              <Skeleton className="mt-3 h-3 w-56 bg-slate-700" />
              <Skeleton className="mt-1 mb-1 h-3 w-40 bg-slate-700" />
              <Skeleton className="mt-4 h-5 w-52 bg-slate-700" />
            </div>
          )}
        </div>
        <nav aria-label={t('footer.legal')}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.legal')}</h2>
          {/* WCAG 2.2 2.5.8: each link a target 24 px high (20 px line + padding), 4 px apart: the
              list keeps its rhythm of 28 px a line */}
          <ul className="mt-3 space-y-1 text-sm">
            {legalLinks.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="inline-block py-0.5 hover:text-white hover:underline underline-offset-2"
                >
                  {t(`footer.links.${l.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            {partners.data?.name ?? t('footer.poweredBy')}
          </h2>
          {partners.data ? (
            <HtmlContent
              html={partners.data.content}
              className="footer-partners on-dark mt-3 text-sm text-slate-300"
            />
          ) : partners.isPending ? (
            // The seeded block's shape: a caption and three partner boxes.
            <div className="mt-3 flex flex-col gap-2" aria-hidden="true">
              <Skeleton className="mb-2 h-4 w-24 bg-slate-700" />
              <Skeleton className="h-14 w-full bg-slate-700" />
              <Skeleton className="h-14 w-full bg-slate-700" />
              <Skeleton className="h-10 w-full bg-slate-700" />
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-400">{t('footer.partnersFallback')}</p>
          )}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-400 sm:px-6">
          © {platformToday().slice(0, 4)} {c?.company.name ?? ''} · {t('footer.riskNotice')}
        </p>
      </div>
    </footer>
  );
}
