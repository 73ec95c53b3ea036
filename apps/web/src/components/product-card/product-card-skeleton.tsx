import { Skeleton } from '../ui/skeleton.tsx';

/** A loading card of the same shape as ProductCard. */
export function ProductCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
      data-testid="product-card-skeleton"
    >
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <div className="flex items-end justify-between">
          <Skeleton className="h-8 w-20" />
          <Skeleton className="size-7 rounded-full" />
        </div>
        <Skeleton className="h-9 w-full" />
      </div>
    </div>
  );
}

/** spec 1: four placeholder cards while products load. */
export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={i} />
      ))}
    </>
  );
}
