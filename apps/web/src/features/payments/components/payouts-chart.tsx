import { formatEuro } from '@token/domain/format';
import type { PayoutView } from '@token/domain/servicing';
import { useId } from 'react';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';

/** Series colours by bond, repeated after the last (the depot's allocation chart uses the same). */
const palette = ['#224368', '#14b8a6', '#d97706', '#5a88b8', '#be123c', '#0f766e', '#8eb0d2', '#64748b'];

/** At most this many quarters are drawn: the latest ones. */
export const maxQuarters = 12;

export type ChartBond = { key: string; name: string; color: string };
export type ChartQuarter = {
  key: string;
  year: number;
  quarter: number;
  byBond: Record<string, number>;
  total: number;
};

const quarterOf = (day: string) => ({
  year: Number(day.slice(0, 4)),
  quarter: Math.ceil(Number(day.slice(5, 7)) / 3),
});

/**
 * The payouts by quarter of their payment date, stacked by bond: every quarter from the first payout
 * to the last (quarters without payouts stay in, at 0), the latest `maxQuarters`. Failed payouts are
 * left out; a commission counts under its own series.
 */
export function payoutsByQuarter(
  payouts: readonly PayoutView[],
  commissionName: string,
): { bonds: ChartBond[]; quarters: ChartQuarter[] } {
  const counted = payouts.filter((p) => p.status !== 'failed' && p.amount > 0);
  if (counted.length === 0) return { bonds: [], quarters: [] };
  const bonds: ChartBond[] = [];
  const seen = new Map<string, ChartBond>();
  const keyOf = (p: PayoutView) => p.bondCode ?? '__commission';
  // oldest first: a bond keeps its colour as payouts are added
  const sorted = [...counted].sort((a, b) =>
    a.payoutDate < b.payoutDate ? -1 : a.payoutDate > b.payoutDate ? 1 : 0,
  );
  for (const p of sorted) {
    const key = keyOf(p);
    if (!seen.has(key)) {
      const bond = {
        key,
        name: p.bondName ?? p.bondCode ?? commissionName,
        color: palette[bonds.length % palette.length] as string,
      };
      seen.set(key, bond);
      bonds.push(bond);
    }
  }
  const first = quarterOf(sorted[0]?.payoutDate ?? '');
  const last = quarterOf(sorted.at(-1)?.payoutDate ?? '');
  const quarters: ChartQuarter[] = [];
  for (let n = first.year * 4 + first.quarter - 1; n <= last.year * 4 + last.quarter - 1; n++) {
    const year = Math.floor(n / 4);
    const quarter = (n % 4) + 1;
    quarters.push({ key: `${year}-Q${quarter}`, year, quarter, byBond: {}, total: 0 });
  }
  const byKey = new Map(quarters.map((q) => [q.key, q]));
  for (const p of sorted) {
    const { year, quarter } = quarterOf(p.payoutDate);
    const q = byKey.get(`${year}-Q${quarter}`);
    if (!q) continue;
    const key = keyOf(p);
    q.byBond[key] = (q.byBond[key] ?? 0) + p.amount;
    q.total += p.amount;
  }
  return { bonds, quarters: quarters.slice(-maxQuarters) };
}

/** A round top of the scale (1, 2, 2.5, 5 × 10^n cents) at or above `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

/**
 * Payouts over time (quarters, stacked by bond) as an SVG of its own (no chart library): the picture
 * is labelled with a summary for screen readers, each bar segment names bond, quarter and amount,
 * the legend lists the bonds with their colours, and a table gives the same figures as text.
 */
export function PayoutsChart({ payouts }: { payouts: readonly PayoutView[] }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const id = useId();
  const { bonds, quarters } = payoutsByQuarter(payouts, t('payments.type.commission'));
  const [firstQuarter] = quarters;
  const lastQuarter = quarters.at(-1);
  if (!firstQuarter || !lastQuarter) return null;
  const quarterLabel = (q: ChartQuarter) => t('payments.chart.quarter', { quarter: q.quarter, year: q.year });
  const money = (cents: number) => formatEuro(cents, { locale, fraction: 'auto' });
  const top = niceMax(Math.max(...quarters.map((q) => q.total)));
  const width = 640;
  const height = 240;
  const pad = { left: 64, right: 12, top: 12, bottom: 36 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / quarters.length;
  const barW = Math.min(48, slot * 0.6);
  const y = (cents: number) => pad.top + plotH - (cents / top) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const total = quarters.reduce((s, q) => s + q.total, 0);
  const summary = t('payments.chart.summary', {
    count: quarters.length,
    from: quarterLabel(firstQuarter),
    to: quarterLabel(lastQuarter),
    total: money(total),
  });
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="payouts-chart"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {t('payments.chart.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('payments.chart.intro')}</p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-4 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-svg-title`}
        aria-describedby={`${id}-svg-desc`}
      >
        <title id={`${id}-svg-title`}>{t('payments.chart.title')}</title>
        <desc id={`${id}-svg-desc`}>{summary}</desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeWidth="1" />
            <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatEuro(v, { locale, fraction: 'none' })}
            </text>
          </g>
        ))}
        {quarters.map((q, i) => {
          const x = pad.left + i * slot + (slot - barW) / 2;
          let acc = 0;
          return (
            <g key={q.key}>
              {bonds.map((b) => {
                const v = q.byBond[b.key] ?? 0;
                if (v === 0) return null;
                const y0 = y(acc + v);
                const h = y(acc) - y0;
                acc += v;
                return (
                  <rect key={b.key} x={x} y={y0} width={barW} height={Math.max(h, 1)} fill={b.color}>
                    <title>{`${b.name} · ${quarterLabel(q)} · ${money(v)}`}</title>
                  </rect>
                );
              })}
              {(quarters.length <= 8 || i % 2 === 0) && (
                <text
                  x={x + barW / 2}
                  y={height - pad.bottom + 16}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#475569"
                >
                  {t('payments.chart.quarterShort', { quarter: q.quarter, year: String(q.year).slice(2) })}
                </text>
              )}
            </g>
          );
        })}
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" strokeWidth="1" />
      </svg>
      <ul
        className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700"
        aria-label={t('payments.chart.legend')}
        data-testid="payouts-legend"
      >
        {bonds.map((b) => (
          <li key={b.key} className="flex min-w-0 items-center gap-2">
            <span
              className="inline-block size-3 shrink-0 rounded-sm"
              style={{ backgroundColor: b.color }}
              aria-hidden="true"
            />
            <span className="[overflow-wrap:anywhere]">{b.name}</span>
          </li>
        ))}
      </ul>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{t('payments.chart.asTable')}</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{t('payments.chart.title')}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('payments.chart.quarterColumn')}
                </th>
                {bonds.map((b) => (
                  <th key={b.key} scope="col" className="py-2 pr-3 text-right font-medium">
                    {b.name}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right font-medium">
                  {t('payments.chart.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {quarters.map((q) => (
                <tr key={q.key} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-normal text-slate-700">
                    {quarterLabel(q)}
                  </th>
                  {bonds.map((b) => (
                    <td key={b.key} className="py-2 pr-3 text-right">
                      {money(q.byBond[b.key] ?? 0)}
                    </td>
                  ))}
                  <td className="py-2 text-right font-medium">{money(q.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
