import type { CreatorProductView } from '@token/domain/marketplace';
import { Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useWithdrawProduct } from './api/content-api.ts';

/**
 * Withdraws the creator's item after a confirmation (decision 020): it leaves the marketplace; sold
 * copies stay with their buyers; refused while an order awaits payment. The dialog gives focus back to
 * this button when cancelled or refused; once withdrawn the button is gone, so focus moves to `focusAfter`.
 */
export function WithdrawButton(props: {
  product: CreatorProductView;
  focusAfter?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('creator');
  const locale = useLocale();
  const confirm = useConfirm();
  const withdraw = useWithdrawProduct();
  const { product } = props;
  if (product.reviewState === 'withdrawn') return null;
  const onClick = async (opener: HTMLButtonElement) => {
    const ok = await confirm({
      title: t('withdraw.title', { name: product.name }),
      message: t('withdraw.text'),
      confirmLabel: t('withdraw.confirm'),
      destructive: true,
    });
    if (!ok) {
      // The dialog is unmounted by then; the opener takes the focus back.
      requestAnimationFrame(() => opener.focus());
      return;
    }
    withdraw.mutate(product.code, {
      onSuccess: (withdrawn) => {
        notify('success', t('withdraw.done', { name: withdrawn.name }));
        // After React re-rendered without this button.
        requestAnimationFrame(() => props.focusAfter?.()?.focus());
      },
      onError: (err) => {
        notify('error', errorMessageOf(err, locale), errorDetailOf(err));
        requestAnimationFrame(() => opener.focus());
      },
    });
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={(e) => void onClick(e.currentTarget)}
      disabled={withdraw.isPending}
      aria-label={t('withdraw.actionNamed', { name: product.name })}
    >
      <Undo2 className="size-4" aria-hidden="true" />
      {t('withdraw.action')}
    </Button>
  );
}
