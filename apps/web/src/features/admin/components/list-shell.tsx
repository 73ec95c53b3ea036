import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LoadFailed } from './admin-gate.tsx';
import { useAdminLabels } from './labels.ts';

/** A page of an admin list as the list reads return it. */
export type ListPage<T> = { items: T[]; totalItems: number };

/** Previous / next with "page x of y", for the admin lists. */
export function ListPager({
  page,
  totalItems,
  perPage,
  onPage,
}: {
  page: number;
  totalItems: number;
  perPage: number;
  onPage: (page: number) => void;
}) {
  const { t } = useAdminLabels();
  const pages = Math.max(1, Math.ceil(totalItems / perPage));
  if (pages === 1) return null;
  return (
    <nav
      aria-label={t('queue.pagination')}
      className="mt-4 flex flex-wrap items-center justify-between gap-2"
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {t('queue.previous')}
      </Button>
      <p className="text-sm text-slate-700">{t('queue.page', { page, pages })}</p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('queue.next')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

/**
 * The frame of an operator list: its filters, a panel headed by the count (the title while
 * loading) holding placeholders, the failure with a retry, the empty text or the items (a table on
 * wide screens and cards on phones, drawn by `children`), and the pager below.
 */
export function ListShell<T>({
  filters,
  list,
  title,
  count,
  empty,
  page,
  perPage,
  onPage,
  children,
}: {
  filters: ReactNode;
  list: UseQueryResult<ListPage<T>>;
  title: string;
  count: (totalItems: number) => string;
  empty: string;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const countId = useId();
  return (
    <div className="space-y-4">
      {filters}
      <section
        aria-labelledby={countId}
        aria-busy={list.isFetching}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id={countId} className="mb-3 text-sm font-medium text-slate-700">
          {list.data ? count(list.data.totalItems) : title}
        </h2>
        {list.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <LoadFailed error={list.error} retry={() => list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{empty}</p>
        ) : (
          children(list.data.items)
        )}
      </section>
      {list.data && (
        <ListPager page={page} totalItems={list.data.totalItems} perPage={perPage} onPage={onPage} />
      )}
    </div>
  );
}

/** A phone's card of a list item: the whole card opens the item, an icon before it, a chevron after. */
export function ListCard({
  to,
  label,
  icon: Icon,
  children,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300"
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden="true" />
        <div className="min-w-0 flex-1">{children}</div>
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      </div>
    </Link>
  );
}
