import { filterMetadata } from '@token/domain/catalog';
import type { ProductView } from '@token/domain/catalog-views';
import { formatNumber, shortenAddress } from '@token/domain/format';
import { useLocale, useTranslation } from '../../lib/i18n.ts';

/** A hash or address shortened for reading, whole for copying and for screen readers' title. */
function Hex({ value }: { value: string | null }) {
  const { t } = useTranslation('marketplace');
  if (!value) return <span className="text-slate-600">{t('details.none')}</span>;
  return (
    <code className="font-mono text-xs break-all text-slate-800" title={value}>
      {shortenAddress(value)}
    </code>
  );
}

/**
 * spec 3 for a collectible: its traits (type and value), its metadata (keys starting with `_` stay
 * hidden), royalties,
 * the token (blockchain, token id), the edition and the transactions of its token.
 */
export function CollectibleDetails({ product }: { product: ProductView }) {
  const { t } = useTranslation('marketplace');
  const locale = useLocale();
  const metadata = filterMetadata(product.metadata);
  const transactions = product.transactions ?? [];
  const editions = product.defaultVariant?.totalSupply ?? null;
  return (
    <div className="space-y-10">
      <section aria-labelledby="traits-title">
        <h2 id="traits-title" className="text-xl font-semibold text-brand-900">
          {t('details.traits')}
        </h2>
        {product.traits.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t('details.noTraits')}</p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="traits">
            {product.traits.map((trait, i) => (
              <li
                // a creator may name two traits alike; the position keeps them apart
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and never move
                key={i}
                className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-center"
              >
                <span className="block text-xs font-medium tracking-wide text-brand-700 uppercase">
                  {trait.type}
                </span>
                <span className="mt-1 block text-sm font-semibold break-words text-slate-900">
                  {trait.value}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {metadata.length > 0 && (
        <section aria-labelledby="metadata-title">
          <h2 id="metadata-title" className="text-xl font-semibold text-brand-900">
            {t('details.metadata')}
          </h2>
          <dl
            className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm"
            data-testid="metadata"
          >
            {metadata.map((entry, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and never move
              <div key={i} className="flex justify-between gap-4 p-3">
                <dt className="text-slate-600 break-words">{entry.key}</dt>
                <dd className="text-right font-medium break-words text-slate-900">{entry.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section aria-labelledby="token-title">
        <h2 id="token-title" className="text-xl font-semibold text-brand-900">
          {t('details.token')}
        </h2>
        <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
          {editions !== null && (
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-slate-600">{t('details.editions')}</dt>
              <dd className="font-medium text-slate-900">{formatNumber(editions, { locale })}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600">{t('details.royalties')}</dt>
            <dd className="font-medium text-slate-900" data-testid="royalties">
              {t('details.royaltiesValue', { percent: formatNumber(product.royalties, { locale }) })}
            </dd>
          </div>
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600">{t('details.blockchain')}</dt>
            <dd className="font-medium text-slate-900">{product.blockchainName ?? t('details.none')}</dd>
          </div>
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-600">{t('details.tokenId')}</dt>
            <dd className="font-medium text-slate-900">{product.tokenId ?? t('details.none')}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="transactions-title">
        <h2 id="transactions-title" className="text-xl font-semibold text-brand-900">
          {t('details.transactions')}
        </h2>
        {transactions.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t('details.noTransactions')}</p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="transactions">
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('details.hash')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('details.from')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('details.to')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {transactions.map((tx) => (
                  <tr key={tx.hash}>
                    <td className="px-3 py-2">
                      <Hex value={tx.hash} />
                    </td>
                    <td className="px-3 py-2">
                      {tx.fromAddress ? <Hex value={tx.fromAddress} /> : t('details.mint')}
                    </td>
                    <td className="px-3 py-2">
                      {tx.toAddress ? <Hex value={tx.toAddress} /> : t('details.burn')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
