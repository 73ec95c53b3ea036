import { formatEuro, formatPercent } from '@token/domain/format';
import type { TokenAssetView } from '@token/domain/register';
import { useId } from 'react';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';

/** Segment colours, repeated after the last; each row of the table shows its colour beside the bond. */
const palette = ['#224368', '#14b8a6', '#d97706', '#5a88b8', '#be123c', '#0f766e', '#8eb0d2', '#64748b'];

export type AllocationSlice = { code: string; name: string; valueCents: number; share: number };

/**
 * The depot's allocation by bond: each bond's nominal value (minted and not yet minted tokens at
 * their nominal) and its share of the whole. Bonds without value are left out.
 */
export function allocationOf(assets: readonly TokenAssetView[]): AllocationSlice[] {
  const values = assets
    .map((a) => ({
      code: a.product.code,
      name: a.product.name,
      valueCents: a.amount * a.nominalPerTokenCents,
    }))
    .filter((s) => s.valueCents > 0);
  const total = values.reduce((sum, s) => sum + s.valueCents, 0);
  return values.map((s) => ({ ...s, share: total > 0 ? s.valueCents / total : 0 }));
}

/**
 * A donut of the allocation by bond (SVG, no chart library) with its text equivalent: a table of
 * bond, nominal value and share, which also serves as the legend. The picture is hidden from screen
 * readers, which read the table.
 */
export function AllocationChart({ assets }: { assets: readonly TokenAssetView[] }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const id = useId();
  const slices = allocationOf(assets);
  if (slices.length === 0) return null;
  const radius = 15.915; // circumference 100: a share in percent is its dash length
  let offset = 25; // start at twelve o'clock
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {t('chart.title')}
      </h2>
      <div className="mt-4 flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <svg
          viewBox="0 0 42 42"
          className="size-40 shrink-0"
          aria-hidden="true"
          data-testid="allocation-donut"
        >
          <circle cx="21" cy="21" r={radius} fill="none" stroke="#e2e8f0" strokeWidth="6" />
          {slices.map((s, i) => {
            const length = s.share * 100;
            const circle = (
              <circle
                key={s.code}
                cx="21"
                cy="21"
                r={radius}
                fill="none"
                stroke={palette[i % palette.length]}
                strokeWidth="6"
                strokeDasharray={`${length} ${100 - length}`}
                strokeDashoffset={offset}
              />
            );
            offset -= length;
            return circle;
          })}
        </svg>
        <table className="w-full min-w-0 text-sm" data-testid="allocation-table">
          <caption className="sr-only">{t('chart.caption')}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="pb-2 font-medium">
                {t('chart.bond')}
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                {t('chart.value')}
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                {t('chart.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {slices.map((s, i) => (
              <tr key={s.code} className="border-t border-slate-100">
                <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="inline-block size-3 shrink-0 rounded-sm"
                      style={{ backgroundColor: palette[i % palette.length] }}
                    />
                    <span className="[overflow-wrap:anywhere]">{s.name}</span>
                  </span>
                </th>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                  {formatEuro(s.valueCents, { locale })}
                </td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">
                  {formatPercent(s.share * 100, { locale })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
