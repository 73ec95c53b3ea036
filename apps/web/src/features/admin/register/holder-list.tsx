import { formatDate, formatNumber } from '@token/domain/format';
import {
  type DisposalRestrictionKind,
  type DisposalRestrictionView,
  disposalRestrictionInputSchema,
  disposalRestrictionKinds,
  disposalRestrictionLiftInputSchema,
  type RegisterHolderView,
} from '@token/domain/register';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useLiftDisposalRestriction, useSetDisposalRestriction } from '../api/restriction-actions.ts';
import { useAdminLabels } from '../components/labels.ts';
import { OperatorDialog } from '../components/operator-dialog.tsx';
import { useDialogFocus } from './dialog-focus.ts';

/** The restriction dialog's form: the API's reason; kind and third party are the fields above it. */
const restrictionReasonSchema = disposalRestrictionInputSchema.pick({ reason: true });
/** The beneficiary as the API takes it: empty is none. */
const beneficiarySchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  disposalRestrictionInputSchema.shape.beneficiary,
);

/** A holder's restrictions in force, each with its lift action (eWpG § 17 (1) Nr. 6). */
function Restrictions({
  holder,
  onRestrict,
  onLift,
}: {
  holder: RegisterHolderView;
  onRestrict: (event: MouseEvent<HTMLElement>) => void;
  onLift: (restriction: DisposalRestrictionView, event: MouseEvent<HTMLElement>) => void;
}) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const name = holder.customer.name;
  return (
    <div className="space-y-2">
      {holder.restrictions.length === 0 ? (
        <p className="text-xs text-slate-600">{t('holders.noRestriction')}</p>
      ) : (
        <ul className="space-y-2">
          {holder.restrictions.map((r) => (
            <li
              key={r.id}
              className="rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-950"
            >
              <span className="block [overflow-wrap:anywhere]">
                {t('holders.restrictionLine', {
                  kind: t(`holders.kinds.${r.kind}`),
                  date: formatDate(r.setAt, { locale }),
                  reason: r.reason,
                })}
              </span>
              {r.beneficiary && (
                <span className="block [overflow-wrap:anywhere]">
                  {t('holders.beneficiaryLine', { beneficiary: r.beneficiary })}
                </span>
              )}
              <Button
                variant="secondary"
                className="mt-1"
                aria-label={t('holders.liftLabel', { kind: t(`holders.kinds.${r.kind}`), name })}
                onClick={(event) => onLift(r, event)}
              >
                {t('holders.lift')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" aria-label={t('holders.restrictLabel', { name })} onClick={onRestrict}>
        {t('holders.restrict')}
      </Button>
    </div>
  );
}

const customerPath = (uuid: string) => `/admin/customers/${encodeURIComponent(uuid)}`;

/** A holder as eWpRV § 8 identifies them: name, date of birth and residence, or company and seat. */
function Identity({ holder }: { holder: RegisterHolderView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const id = holder.identity;
  const given = (value: string | null) => value ?? t('holders.notGiven');
  return id.type === 'natural' ? (
    <>
      <span className="block text-xs text-slate-600">{t('holders.natural')}</span>
      <span className="block [overflow-wrap:anywhere]">{id.name}</span>
      <span className="block text-xs">
        {t('holders.born', { date: id.birthDate ? formatDate(id.birthDate, { locale }) : given(null) })}
      </span>
      <span className="block text-xs [overflow-wrap:anywhere]">
        {t('holders.residence', { place: given(id.residence) })}
      </span>
    </>
  ) : (
    <>
      <span className="block text-xs text-slate-600">{t('holders.legal')}</span>
      <span className="block [overflow-wrap:anywhere]">{id.company}</span>
      <span className="block text-xs [overflow-wrap:anywhere]">
        {t('holders.seat', { place: given(id.seat) })}
      </span>
    </>
  );
}

/**
 * The bond's holders with their identification, balance, pending transfers and disposal restrictions
 * (a table, cards on phones); per holder the operator enters a restriction or lifts one in a dialog.
 */
export function HolderList({ code, holders }: { code: string; holders: RegisterHolderView[] }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, { locale });
  const columns = ['holder', 'identity', 'balance', 'pendingOut', 'pendingIn', 'restrictions'] as const;
  const setRestriction = useSetDisposalRestriction();
  const liftRestriction = useLiftDisposalRestriction();
  const [restricting, setRestricting] = useState<RegisterHolderView | null>(null);
  const [lifting, setLifting] = useState<{
    holder: RegisterHolderView;
    restriction: DisposalRestrictionView;
  } | null>(null);
  const [kind, setKind] = useState<DisposalRestrictionKind>('pledge');
  const [beneficiary, setBeneficiary] = useState('');
  const focus = useDialogFocus<HTMLHeadingElement>();
  const beneficiaryCheck = beneficiarySchema.safeParse(beneficiary);
  const restrictionsOf = (h: RegisterHolderView) => (
    <Restrictions
      holder={h}
      onRestrict={(event) => {
        focus.remember(event);
        setKind('pledge');
        setBeneficiary('');
        setRestricting(h);
      }}
      onLift={(restriction, event) => {
        focus.remember(event);
        setLifting({ holder: h, restriction });
      }}
    />
  );
  return (
    <section
      aria-labelledby="register-holders"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2
        id="register-holders"
        ref={focus.fallback}
        tabIndex={-1}
        className="mb-3 text-sm font-medium text-slate-700 outline-none"
      >
        {t('holders.count', { count: holders.length })}
      </h2>
      {holders.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('holders.empty')}</p>
      ) : (
        <>
          <table className="hidden w-full border-collapse text-left text-sm md:table">
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                {columns.map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className={`py-2 pr-4 font-medium ${c.startsWith('pending') || c === 'balance' ? 'text-right' : ''}`}
                  >
                    {t(`holders.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {holders.map((h) => (
                <tr key={h.customer.uuid} className="border-b border-slate-100 align-top last:border-0">
                  <td className="py-3 pr-4">
                    <Link
                      to={customerPath(h.customer.uuid)}
                      className="font-medium text-brand-700 hover:text-brand-900 [overflow-wrap:anywhere]"
                    >
                      {h.customer.name}
                    </Link>
                    <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                      {h.customer.email}
                    </span>
                  </td>
                  <td className="py-3 pr-4">
                    <Identity holder={h} />
                  </td>
                  <td className="py-3 pr-4 text-right font-medium tabular-nums">{n(h.balance)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{n(h.pendingOut)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{n(h.pendingIn)}</td>
                  <td className="py-3 pr-4">{restrictionsOf(h)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {holders.map((h) => (
              <li key={h.customer.uuid} className="rounded-lg border border-slate-200 p-3 text-sm">
                <Link
                  to={customerPath(h.customer.uuid)}
                  className="font-medium text-brand-700 hover:text-brand-900 [overflow-wrap:anywhere]"
                >
                  {h.customer.name}
                </Link>
                <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{h.customer.email}</p>
                <div className="mt-2">
                  <Identity holder={h} />
                </div>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
                  {(['balance', 'pendingOut', 'pendingIn'] as const).map((k) => (
                    <div key={k}>
                      <dt className="text-slate-600">{t(`holders.columns.${k}`)}</dt>
                      <dd className="font-medium tabular-nums">{n(h[k])}</dd>
                    </div>
                  ))}
                </dl>
                <div className="mt-3">
                  <h3 className="mb-1 text-xs text-slate-600">{t('holders.restrictionsTitle')}</h3>
                  {restrictionsOf(h)}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <OperatorDialog
        schema={restrictionReasonSchema}
        open={restricting !== null}
        formKey={restricting?.customer.uuid}
        title={t('holders.restriction.title')}
        text={
          restricting
            ? t('holders.restriction.text', {
                name: restricting.customer.name,
                balance: n(restricting.balance),
              })
            : ''
        }
        reasonHint={t('holders.restriction.hint')}
        submitLabel={t('holders.restriction.submit')}
        canSubmit={beneficiaryCheck.success}
        returnFocus={focus.returnFocus}
        onConfirm={async ({ reason }) => {
          if (!restricting || !beneficiaryCheck.success) return;
          await setRestriction.mutateAsync({
            code,
            customerUuid: restricting.customer.uuid,
            input: {
              kind,
              reason,
              ...(beneficiaryCheck.data === undefined ? {} : { beneficiary: beneficiaryCheck.data }),
            },
          });
          notify('success', t('holders.restriction.done', { name: restricting.customer.name }));
          setRestricting(null);
        }}
        onClose={() => setRestricting(null)}
      >
        <div className="space-y-4">
          <Select
            label={t('holders.restriction.kind')}
            required
            value={kind}
            onChange={(event) => setKind(event.target.value as DisposalRestrictionKind)}
            options={disposalRestrictionKinds.map((k) => ({ value: k, label: t(`holders.kinds.${k}`) }))}
          />
          <Input
            label={t('holders.restriction.beneficiary')}
            hint={t('holders.restriction.beneficiaryHint')}
            maxLength={300}
            value={beneficiary}
            error={beneficiaryCheck.success ? undefined : beneficiaryCheck.error.issues[0]?.message}
            onChange={(event) => setBeneficiary(event.target.value)}
          />
        </div>
      </OperatorDialog>
      <OperatorDialog
        schema={disposalRestrictionLiftInputSchema}
        open={lifting !== null}
        formKey={lifting?.restriction.id}
        title={t('holders.liftDialog.title')}
        text={
          lifting
            ? t('holders.liftDialog.text', {
                kind: t(`holders.kinds.${lifting.restriction.kind}`),
                name: lifting.holder.customer.name,
                reason: lifting.restriction.reason,
              })
            : ''
        }
        submitLabel={t('holders.liftDialog.submit')}
        destructive
        returnFocus={focus.returnFocus}
        onConfirm={async ({ reason }) => {
          if (!lifting) return;
          await liftRestriction.mutateAsync({ code, id: lifting.restriction.id, input: { reason } });
          notify('success', t('holders.liftDialog.done', { name: lifting.holder.customer.name }));
          setLifting(null);
        }}
        onClose={() => setLifting(null)}
      />
    </section>
  );
}
