import type { ProductView } from '@token/domain/catalog-views';
import { Gavel } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n.ts';

// The popup (Radix Dialog, the bid rules) loads on the first press, not with the item page.
const loadBidDialog = () => import('./bid-dialog.tsx');
const BidDialog = lazy(loadBidDialog);

/** The mock bid's button on a collectible's page (spec 1/9); it opens the bid popup. */
export function BidButton({ product, disabled }: { product: ProductView; disabled: boolean }) {
  const { t } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size="lg"
        disabled={disabled}
        aria-haspopup="dialog"
        data-testid="bid-button"
        onPointerEnter={() => void loadBidDialog()}
        onFocus={() => void loadBidDialog()}
        onClick={() => setOpen(true)}
      >
        <Gavel className="size-4" aria-hidden="true" />
        {t('bid.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BidDialog product={product} opener={opener} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
