import { useQueryClient } from '@tanstack/react-query';
import type { CustomerResource } from '@token/domain/accounts';
import { errorMessage } from '@token/domain/errors';
import { formatDateTime, formatNumber } from '@token/domain/format';
import {
  type TokenAssetView,
  type TransferView,
  transferableAmount,
  transferMessages,
  transferStateLabels,
} from '@token/domain/register';
import type { WalletView } from '@token/domain/wallets';
import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { accountKeys } from '../../lib/customer.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useDomainForm } from '../../lib/form.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useTokenAssets } from '../../lib/token-assets.ts';
import { applyViolations } from '../../lib/validation.ts';
import { custodyWalletOf, useWallets } from '../../lib/wallets.ts';
import { useTransferTokens } from './api/transfer-tokens.ts';
import {
  isTransferRefusal,
  refusalBeforeSubmit,
  refusalField,
  type TransferField,
  transferFormSchema,
} from './components/transfer-rules.ts';

const fields: readonly TransferField[] = ['beneficiary', 'amount', 'code'];

/** spec 2: without two-factor a transfer starts at /enable-twofactor, which leads back here. */
export function enableTwoFactorPath(productCode: string): string {
  const back = `/transfer/${encodeURIComponent(productCode)}`;
  return `/enable-twofactor?${new URLSearchParams({ returnTo: back }).toString()}`;
}

function TransferForm({
  asset,
  wallet,
  record,
  onSent,
}: {
  asset: TokenAssetView;
  wallet: WalletView;
  record: CustomerResource;
  onSent: (transfer: TransferView) => void;
}) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  const navigate = useNavigate();
  const transfer = useTransferTokens();
  const queryClient = useQueryClient();
  const max = transferableAmount(asset);
  const { register, handleSubmit, formState, setError, setValue } = useDomainForm(transferFormSchema, {
    beneficiary: '',
    amount: '',
    code: '',
  });

  const refuse = (code: Parameters<typeof errorMessage>[0], field: TransferField) =>
    setError(field, { type: code, message: errorMessage(code, locale) }, { shouldFocus: true });

  const onSubmit = handleSubmit(async (values) => {
    // the domain's rule, asked first with what the web knows (amount, self); the API asks it all again
    const early = refusalBeforeSubmit({
      amount: values.amount,
      beneficiary: values.beneficiary,
      asset,
      sender: {
        holderId: String(record.id),
        twoFactorEnabled: record.twoFactorEnabled,
        email: record.email,
        addresses: [wallet.address, ...(record.defaultWallet ? [record.defaultWallet] : [])],
      },
    });
    if (early === 'transfer_two_factor_not_enabled') {
      await navigate(enableTwoFactorPath(asset.product.code), { replace: true });
      return;
    }
    const earlyField = early ? refusalField[early] : null;
    if (early && earlyField) return refuse(early, earlyField);
    try {
      const sent = await transfer.mutateAsync({
        fromWalletId: wallet.id,
        product: asset.product.code,
        amount: values.amount,
        beneficiary: values.beneficiary,
        code: values.code,
      });
      onSent(sent);
    } catch (err) {
      // a code is asked fresh for every attempt
      setValue('code', '');
      if (!(err instanceof ApiError)) return notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      if (err.code === 'transfer_two_factor_not_enabled') {
        // the record said otherwise (turned off in another tab): read it again, then set it up
        await queryClient.invalidateQueries({ queryKey: accountKeys.customer(record.uuid) });
        await navigate(enableTwoFactorPath(asset.product.code), { replace: true });
        return;
      }
      const field = isTransferRefusal(err.code) ? refusalField[err.code] : null;
      if (field && isTransferRefusal(err.code)) return refuse(err.code, field);
      if (err.violations.length > 0 && applyViolations(err.violations, setError, fields)) return;
      if (err.status === 422) return notify('error', transferMessages.checkInput[locale], errorDetailOf(err));
      // spec 8: "something goes wrong" for what the server could not do
      const message =
        err.status >= 500 ? errorMessage('transfer_failed', locale) : errorMessageOf(err, locale);
      notify('error', message, errorDetailOf(err));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-label={t('transfer.formLabel')}
    >
      <Input
        label={t('transfer.beneficiary')}
        hint={t('transfer.beneficiaryHint')}
        error={formState.errors.beneficiary?.message}
        required
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        {...register('beneficiary')}
      />
      <Input
        label={t('transfer.amount')}
        hint={t('transfer.max', { max: formatNumber(max, { locale }) })}
        error={formState.errors.amount?.message}
        required
        inputMode="numeric"
        autoComplete="off"
        className="sm:max-w-xs"
        end={
          <Button
            variant="ghost"
            size="sm"
            className="mr-1"
            aria-label={t('transfer.useMaxLabel', { max: formatNumber(max, { locale }) })}
            onClick={() => setValue('amount', String(max), { shouldValidate: true })}
          >
            {t('transfer.useMax')}
          </Button>
        }
        {...register('amount')}
      />
      <Input
        label={t('transfer.code')}
        hint={t('transfer.codeHint')}
        error={formState.errors.code?.message}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="sm:max-w-xs"
        {...register('code')}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('transfer.submitting') : t('transfer.submit')}
      </Button>
    </form>
  );
}

/** spec 8 transfer success, and the transfer as it stands: pending until the registrar confirms it. */
function TransferSent({ transfer }: { transfer: TransferView }) {
  const { t } = useTranslation('register');
  const locale = useLocale();
  return (
    <section
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 sm:p-6"
      aria-labelledby="transfer-sent-title"
      data-testid="transfer-sent"
    >
      <h2 id="transfer-sent-title" className="flex items-center gap-2 text-lg font-semibold text-emerald-900">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        {t('transfer.sentTitle')}
      </h2>
      <p className="mt-2 text-emerald-900" role="status">
        {transfer.status === 'confirmed'
          ? transferMessages.confirmed[locale]
          : transferMessages.submitted[locale]}
      </p>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t('transfer.amount')}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {formatNumber(transfer.amount, { locale })}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-600">{t('transfer.beneficiary')}</dt>
          <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{transfer.beneficiary}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('transfer.status')}</dt>
          <dd>
            <span
              className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
              data-testid="transfer-status"
            >
              {transferStateLabels[transfer.status][locale]}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('transfer.createdAt')}</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(transfer.createdAt, { locale })}</dd>
        </div>
      </dl>
      <Link to="/account/wallet" className={buttonClasses({ className: 'mt-5' })}>
        {t('transfer.toDepot')}
      </Link>
    </section>
  );
}

/**
 * /transfer/{tkn} (spec 2, tkn = the bond's product code): beneficiary by e-mail or wallet address,
 * amount up to the transferable minted tokens, a fresh two-factor code. Without two-factor the
 * investor goes to /enable-twofactor first.
 */
export function TransferPage() {
  const { t } = useTranslation('register');
  const { tkn = '' } = useParams();
  const record = useCustomerRecord();
  const assets = useTokenAssets();
  const wallets = useWallets();
  const [sent, setSent] = useState<TransferView | null>(null);

  if (record.data && !record.data.twoFactorEnabled) return <Navigate replace to={enableTwoFactorPath(tkn)} />;

  const asset = assets.data?.find((a) => a.product.code === tkn);
  const wallet = wallets.data ? custodyWalletOf(wallets.data) : null;
  let content: ReactNode;
  if (assets.isError || wallets.isError) {
    const failed = assets.isError ? assets : wallets;
    content = <LoadFailed error={failed.error} onRetry={() => void failed.refetch()} boxed />;
  } else if (!record.data || !assets.data || !wallets.data) {
    content = (
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-10 w-48" />
      </div>
    );
  } else if (!asset) {
    content = (
      <section
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        data-testid="transfer-no-bond"
      >
        <p className="text-slate-700">{t('transfer.noBond')}</p>
        <Link to="/account/wallet" className={buttonClasses({ className: 'mt-4' })}>
          {t('transfer.toDepot')}
        </Link>
      </section>
    );
  } else if (!wallet) {
    content = (
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">{t('wallet.none')}</p>
        <Link to="/account/custody" className={buttonClasses({ className: 'mt-4' })}>
          {t('wallet.open')}
        </Link>
      </section>
    );
  } else if (sent) {
    content = <TransferSent transfer={sent} />;
  } else {
    content = <TransferForm asset={asset} wallet={wallet} record={record.data} onSent={setSent} />;
  }

  return (
    <AccountPageShell
      title={asset ? t('transfer.titleOf', { name: asset.product.name }) : t('transfer.title')}
      intro={t('transfer.intro')}
      backLabel={t('transfer.back')}
      backTo="/account/wallet"
    >
      {content}
    </AccountPageShell>
  );
}
