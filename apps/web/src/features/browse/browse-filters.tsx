import { type BrowseFilters, flattenTaxons, isUnreadablePrice } from '@token/domain/marketplace';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useCreators } from '../../lib/creators.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useTaxons } from './api/get-taxons.ts';

/** spec 9: every creator of the list can be picked (the API's page limit). */
const creatorChoices = 100;

/**
 * The list's filters (spec 2/5): category (on /browse), creator and a price range in euro. Choices
 * apply at once; the price range applies on "apply" and leaves out empty or zero bounds.
 */
export function BrowseFilterBar({
  filters,
  withCategory,
  onChange,
}: {
  filters: BrowseFilters;
  withCategory: boolean;
  onChange: (next: BrowseFilters) => void;
}) {
  const { t } = useTranslation('marketplace');
  const taxons = useTaxons();
  const creators = useCreators(creatorChoices);
  const [priceMin, setPriceMin] = useState(filters.priceMin ?? '');
  const [priceMax, setPriceMax] = useState(filters.priceMax ?? '');
  const [checked, setChecked] = useState(false);
  // Back and forward change the URL's filters: the typed prices follow.
  useEffect(() => {
    setPriceMin(filters.priceMin ?? '');
    setPriceMax(filters.priceMax ?? '');
    setChecked(false);
  }, [filters.priceMin, filters.priceMax]);

  const minError = checked && isUnreadablePrice(priceMin) ? t('filters.priceInvalid') : undefined;
  const maxError = checked && isUnreadablePrice(priceMax) ? t('filters.priceInvalid') : undefined;
  const applyPrices = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (isUnreadablePrice(priceMin) || isUnreadablePrice(priceMax)) return;
    onChange({ ...filters, priceMin: priceMin.trim() || undefined, priceMax: priceMax.trim() || undefined });
  };
  const activeCount = [
    withCategory && filters.category,
    filters.creator,
    filters.priceMin || filters.priceMax,
  ].filter(Boolean).length;
  const active = activeCount > 0;
  // On a phone the filters fold away behind one button, so the items come first.
  const [shown, setShown] = useState(false);
  const formId = useId();

  return (
    <div>
      <Button
        variant="outline"
        className="w-full sm:hidden"
        aria-expanded={shown}
        aria-controls={formId}
        onClick={() => setShown((s) => !s)}
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        {active ? t('filters.toggleActive', { count: activeCount }) : t('filters.toggle')}
      </Button>
      <form
        id={formId}
        onSubmit={applyPrices}
        className={`${shown ? 'mt-3 grid' : 'hidden'} gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:mt-0 sm:grid sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]`}
        aria-label={t('filters.title')}
        noValidate
      >
        {withCategory && (
          <Select
            label={t('filters.category')}
            value={filters.category ?? ''}
            placeholder={t('filters.allCategories')}
            options={flattenTaxons(taxons.data ?? []).map(({ taxon, depth }) => ({
              value: taxon.code,
              label: `${'\u2003'.repeat(depth)}${taxon.name}`,
            }))}
            onChange={(e) => onChange({ ...filters, category: e.target.value || undefined })}
          />
        )}
        <Select
          label={t('filters.creator')}
          value={filters.creator ?? ''}
          placeholder={t('filters.allCreators')}
          options={(creators.data ?? []).map((c) => ({
            value: c.uuid,
            label: c.profileName ? `${c.fullName} (@${c.profileName})` : c.fullName,
          }))}
          onChange={(e) => onChange({ ...filters, creator: e.target.value || undefined })}
        />
        <Input
          label={t('filters.priceMin')}
          inputMode="decimal"
          autoComplete="off"
          value={priceMin}
          error={minError}
          onChange={(e) => setPriceMin(e.target.value)}
          end={<span className="pr-3 text-sm text-slate-500">€</span>}
        />
        <Input
          label={t('filters.priceMax')}
          inputMode="decimal"
          autoComplete="off"
          value={priceMax}
          error={maxError}
          onChange={(e) => setPriceMax(e.target.value)}
          end={<span className="pr-3 text-sm text-slate-500">€</span>}
        />
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit" className="flex-1 lg:flex-none">
            {t('filters.apply')}
          </Button>
          {active && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setPriceMin('');
                setPriceMax('');
                setChecked(false);
                onChange({});
              }}
            >
              {t('filters.reset')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
