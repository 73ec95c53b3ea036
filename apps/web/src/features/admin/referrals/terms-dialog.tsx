import { maxReferralCommissionCents, type ReferralPartnerAdminView } from '@token/domain/referrals';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useDialogFocus } from '../../../lib/dialog-focus.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useAdminLabels } from '../components/labels.ts';
import { useSetReferralTerms } from './referrals-api.ts';

/** Euros as typed ("25", "25,50", "25.5") to cents; null when not an amount in range. */
export function centsOf(text: string): number | null {
  const m = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= maxReferralCommissionCents ? cents : null;
}

const eurosOf = (cents: number, locale: 'de' | 'en') => {
  const text = (cents / 100).toFixed(2).replace(/\.00$/, '');
  return locale === 'de' ? text.replace('.', ',') : text;
};

/**
 * Changes a partner's two one-off commissions (euros in the form, cents to the API); audited by the
 * API. Closing it gives the focus back to the button that opened it (lib/dialog-focus.ts).
 */
export function TermsDialog({
  partner,
  onClose,
}: {
  partner: ReferralPartnerAdminView;
  onClose: () => void;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const save = useSetReferralTerms();
  const focus = useDialogFocus();
  const [perCustomer, setPerCustomer] = useState(
    eurosOf(partner.referralCommissionPerRegisteredCustomer, locale),
  );
  const [perOrder, setPerOrder] = useState(eurosOf(partner.referralCommissionPerPaidOrder, locale));
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const customerCents = centsOf(perCustomer);
  const orderCents = centsOf(perOrder);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (customerCents === null || orderCents === null) return;
    setFailure(null);
    save.mutate(
      {
        uuid: partner.uuid,
        terms: {
          referralCommissionPerRegisteredCustomer: customerCents,
          referralCommissionPerPaidOrder: orderCents,
        },
      },
      {
        onSuccess: () => {
          notify('success', t('referrals.saved'));
          onClose();
        },
        onError: (err) => setFailure(errorMessageOf(err, locale)),
      },
    );
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-brand-900">
            {t('referrals.termsTitle', { name: partner.fullName })}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {t('referrals.termsText')}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-1" noValidate>
            <Input
              label={t('referrals.perCustomerField')}
              hint={t('referrals.amountHint')}
              inputMode="decimal"
              value={perCustomer}
              onChange={(e) => setPerCustomer(e.target.value)}
              error={tried && customerCents === null ? t('referrals.invalidAmount') : undefined}
            />
            <Input
              label={t('referrals.perOrderField')}
              hint={t('referrals.amountHint')}
              inputMode="decimal"
              value={perOrder}
              onChange={(e) => setPerOrder(e.target.value)}
              error={tried && orderCents === null ? t('referrals.invalidAmount') : undefined}
            />
            {failure && (
              <p role="alert" className="text-sm text-red-800">
                {failure}
              </p>
            )}
            <div className="flex justify-end gap-3 pt-3">
              <Button type="button" variant="outline" onClick={onClose}>
                {t('referrals.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {t('referrals.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
