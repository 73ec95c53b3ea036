import { searchPhraseMaxLength } from '@token/domain/marketplace';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProductCard } from '../../components/product-card/product-card.tsx';
import { ProductGridSkeleton } from '../../components/product-card/product-card-skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { ErrorText } from '../../lib/error-text.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSearchProducts } from './api/search-products.ts';
import { HighlightedText } from './highlighted-text.tsx';

/** The phrase of the URL (`/search?phrase=`), trimmed and cut to what the API takes. */
function phraseOf(params: URLSearchParams): string {
  return (params.get('phrase') ?? '').trim().slice(0, searchPhraseMaxLength);
}

function SearchBox({ phrase, onSearch }: { phrase: string; onSearch: (phrase: string) => void }) {
  const { t } = useTranslation(['products', 'common']);
  const id = useId();
  const [value, setValue] = useState(phrase);
  // Back and forward change the URL's phrase: the box follows.
  useEffect(() => setValue(phrase), [phrase]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t('search.label')}
        </label>
        <input
          id={id}
          type="search"
          name="phrase"
          value={value}
          maxLength={searchPhraseMaxLength}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('search.placeholder')}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          {t('search.submit')}
        </Button>
      </form>
    </search>
  );
}

function Results({ phrase }: { phrase: string }) {
  const { t } = useTranslation(['products', 'common']);
  const hits = useSearchProducts(phrase);
  if (hits.isPending) {
    return (
      <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        <ProductGridSkeleton count={8} />
      </div>
    );
  }
  if (hits.isError) {
    return (
      <p role="alert" className="mt-8 text-slate-800">
        <ErrorText error={hits.error} />
      </p>
    );
  }
  const items = hits.data.pages.flatMap((p) => p.items);
  const total = hits.data.pages[0]?.totalItems ?? 0;
  if (items.length === 0) {
    return (
      <div
        className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-6"
        data-testid="no-results"
      >
        <p className="font-semibold text-slate-900">{t('search.noResults', { phrase })}</p>
        <p className="mt-1 text-slate-600">{t('search.noResultsHint')}</p>
      </div>
    );
  }
  return (
    <>
      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {t('search.count', { count: total, phrase })}
      </p>
      <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((hit, index) => (
          <ProductCard
            key={hit.code}
            product={hit}
            // the first hit's picture is the page's largest paint on a phone: loaded at once
            priority={index === 0}
            name={<HighlightedText segments={hit.highlights.name} />}
          >
            {hit.highlights.description.some((s) => s.match) && (
              <p className="line-clamp-3 text-sm text-slate-600" data-testid="search-excerpt">
                <HighlightedText segments={hit.highlights.description} />
              </p>
            )}
          </ProductCard>
        ))}
      </div>
      {hits.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void hits.fetchNextPage()}
            disabled={hits.isFetchingNextPage}
          >
            {hits.isFetchingNextPage ? t('search.loading') : t('search.more')}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * `/search?phrase=` (issue 18): full-text search over the listed items, results as product cards
 * with the found words marked, "more" for the next page. The phrase lives in the URL, so reload,
 * back and shared links show the same search.
 */
export function SearchPage() {
  const { t } = useTranslation(['products', 'common']);
  const [params, setParams] = useSearchParams();
  const phrase = phraseOf(params);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6" aria-labelledby="search-title">
      <DocumentTitle title={phrase ? t('search.titleFor', { phrase }) : t('search.title')} />
      <h1 id="search-title" className="mb-4 text-2xl font-semibold tracking-tight text-brand-900">
        {t('search.title')}
      </h1>
      <SearchBox phrase={phrase} onSearch={(next) => setParams(next ? { phrase: next } : {})} />
      {phrase ? <Results phrase={phrase} /> : <p className="mt-6 text-slate-600">{t('search.empty')}</p>}
    </section>
  );
}
