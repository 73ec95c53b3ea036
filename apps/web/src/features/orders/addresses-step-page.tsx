import { type AddressInput, type AddressView, addressInputSchema } from '@token/domain/accounts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { appRedirectState, useUnsavedChanges } from '../../lib/navigation.ts';
import { useCountries } from '../../lib/reference.ts';
import { applyViolations, formResolver } from '../../lib/validation.ts';
import { useBillingAddress, useSaveBillingAddress } from './api/billing-address.ts';
import { useCurrentOrderToken } from './api/current-order.ts';
import { useOrder } from './api/get-order.ts';
import { CheckoutHeading } from './components/checkout-heading.tsx';
import { isClosed, NoOrder, StepSkeleton } from './components/no-order.tsx';

const fields = ['firstName', 'lastName', 'company', 'street', 'postcode', 'city', 'countryCode'] as const;

/** spec 2 /order-process/addresses: the billing address, the customer's default address, editable. */
export function AddressesStepPage() {
  const token = useCurrentOrderToken();
  const order = useOrder(token);
  const address = useBillingAddress();
  if (!token || order.isError || isClosed(order.data)) return <NoOrder />;
  if (!order.data || address.isPending) return <StepSkeleton />;
  return <AddressForm address={address.data ?? null} />;
}

function AddressForm({ address }: { address: AddressView | null }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const countries = useCountries();
  const save = useSaveBillingAddress();
  const form = useForm<AddressInput>({
    resolver: formResolver(addressInputSchema, locale),
    mode: 'onTouched',
    defaultValues: {
      firstName: address?.firstName ?? '',
      lastName: address?.lastName ?? '',
      company: address?.company ?? '',
      street: address?.street ?? '',
      postcode: address?.postcode ?? '',
      city: address?.city ?? '',
      countryCode: address?.countryCode ?? 'DE',
      phoneNumber: address?.phoneNumber ?? null,
    },
  });
  const { register, handleSubmit, formState, setError } = form;
  const { errors, isDirty } = formState;
  useUnsavedChanges(isDirty && !save.isPending);

  const onSubmit = handleSubmit(async (values) => {
    if (address && !isDirty) {
      await navigate('/order-process/payment-methods');
      return;
    }
    try {
      await save.mutateAsync({
        id: address?.id ?? null,
        address: { ...values, company: values.company || null, kind: 'personal' },
      });
      form.reset(values);
      // saved: nothing entered is lost by moving on
      await navigate('/order-process/payment-methods', { state: appRedirectState });
    } catch (err) {
      if (err instanceof ApiError && applyViolations(err.violations, setError, fields)) return;
      setError('root', { message: errorMessageOf(err, locale) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <CheckoutHeading page="addresses">{t('addresses.intro')}</CheckoutHeading>
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6">
        <Input
          label={t('addresses.firstName')}
          required
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <Input
          label={t('addresses.lastName')}
          required
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <Input
          label={t('addresses.company')}
          className="sm:col-span-2"
          autoComplete="organization"
          error={errors.company?.message}
          {...register('company')}
        />
        <Input
          label={t('addresses.street')}
          required
          className="sm:col-span-2"
          autoComplete="street-address"
          error={errors.street?.message}
          {...register('street')}
        />
        <Input
          label={t('addresses.postcode')}
          required
          autoComplete="postal-code"
          error={errors.postcode?.message}
          {...register('postcode')}
        />
        <Input
          label={t('addresses.city')}
          required
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <Select
          label={t('addresses.country')}
          required
          className="sm:col-span-2"
          options={
            countries.data?.map((c) => ({ value: c.code, label: c.name })) ?? [
              { value: address?.countryCode ?? 'DE', label: address?.countryCode ?? 'DE' },
            ]
          }
          error={errors.countryCode?.message}
          {...register('countryCode')}
        />
      </div>
      {errors.root?.message && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => void navigate('/order-process/token')}>
          {t('process.back')}
        </Button>
        <Button type="submit" size="lg" disabled={save.isPending}>
          {t('process.next')}
        </Button>
      </div>
    </form>
  );
}
