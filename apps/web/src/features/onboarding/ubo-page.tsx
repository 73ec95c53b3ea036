import { Info, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useDeleteUboUser } from './api/delete-ubo-user.ts';
import { useCountries } from './api/get-countries.ts';
import { useUboUsers } from './api/get-ubo-users.ts';
import { useUpdateUboUser } from './api/update-ubo-user.ts';
import { BeneficialOwnerEditor } from './components/person-editors.tsx';
import { personName } from './components/person-fields.tsx';
import { PersonCard, RuleMessages } from './components/person-list.tsx';
import { FormSkeleton, LoadFailed, Panel, retryFailed, StepActions } from './components/step-parts.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';
import { uboRoleCodes } from './schemas.ts';
import type { Country, UboUser } from './types.ts';
import { beneficialOwnerListViolations, isBeneficialOwner, isRepresentative } from './ubo-rules.ts';

type Editing = { person: UboUser | null } | null;

/** Takes a person off the beneficial owners; a representative stays one, anyone else leaves the list. */
function useRemoveOwner() {
  const { t } = useTranslation('onboarding');
  const confirm = useConfirm();
  const locale = useLocale();
  const remove = useDeleteUboUser();
  const update = useUpdateUboUser();
  return {
    busy: remove.isPending || update.isPending,
    run: async (person: UboUser) => {
      const ok = await confirm({
        title: t('persons.removeTitle'),
        message: t('ubo.removeText', { name: personName(person) || t('persons.unnamed') }),
        confirmLabel: t('persons.remove'),
        cancelLabel: t('form.cancel'),
        destructive: true,
      });
      if (!ok) return;
      try {
        if (isRepresentative(person)) {
          const roles = person.roles.filter(
            (r) => r !== uboRoleCodes.beneficialOwner && r !== uboRoleCodes.beneficialOwnerIndirect,
          );
          await update.mutateAsync({
            id: person.id,
            input: { roles, fictitiousBeneficialOwner: false, equityShares: null, votingShares: null },
          });
        } else {
          await remove.mutateAsync(person.id);
        }
        notify('success', t('notify.removed'));
      } catch (err) {
        notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      }
    },
  };
}

function UboContent({ list, countries }: { list: UboUser[]; countries: readonly Country[] }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const { pathname } = useLocation();
  const pickId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [picked, setPicked] = useState('');
  const [stayed, setStayed] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const removal = useRemoveOwner();
  const continueOnboarding = useContinueOnboarding();

  const owners = list.filter(isBeneficialOwner);
  // people already listed (as representatives) who may be beneficial owners too: natural persons only
  const candidates = list.filter((u) => !isBeneficialOwner(u) && u.type === 'natural');
  const violations = beneficialOwnerListViolations(list);

  const onContinue = async () => {
    setContinuing(true);
    try {
      const went = await continueOnboarding({ from: pathname, quietWhenStaying: true });
      if (went === null) setStayed(true);
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    } finally {
      setContinuing(false);
    }
  };

  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-slate-700">{t('ubo.intro')}</p>
      <Panel title={t('ubo.whoTitle')}>
        <div className="flex gap-3 text-sm text-slate-700">
          <Info className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <div className="space-y-2">
            <p>{t('ubo.who')}</p>
            <p>{t('ubo.fictitiousWho')}</p>
          </div>
        </div>
      </Panel>

      <Panel title={t('ubo.listTitle')}>
        {owners.length > 0 ? (
          <ul className="space-y-3">
            {owners.map((p) => (
              <PersonCard
                key={p.id}
                person={p}
                busy={removal.busy}
                onEdit={() => setEditing({ person: p })}
                onRemove={() => void removal.run(p)}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('ubo.none')}</p>
        )}
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
          <Button variant="outline" onClick={() => setEditing({ person: null })} disabled={editing !== null}>
            <Plus className="size-4" aria-hidden="true" />
            {t('ubo.add')}
          </Button>
          {candidates.length > 0 && (
            <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
              <Select
                id={pickId}
                label={t('ubo.pickLabel')}
                placeholder={t('form.choose')}
                value={picked}
                onChange={(e) => setPicked(e.target.value)}
                options={candidates.map((c) => ({
                  value: String(c.id),
                  label: c.isUser ? `${personName(c)} (${t('persons.you')})` : personName(c),
                }))}
                className="flex-1"
                disabled={editing !== null}
              />
              <Button
                variant="outline"
                disabled={picked === '' || editing !== null}
                onClick={() => {
                  const person = candidates.find((c) => String(c.id) === picked) ?? null;
                  if (person) setEditing({ person });
                  setPicked('');
                }}
              >
                {t('ubo.pick')}
              </Button>
            </div>
          )}
        </div>
      </Panel>

      {editing && (
        <BeneficialOwnerEditor
          key={editing.person?.id ?? 'new'}
          person={editing.person}
          countries={countries}
          onDone={() => setEditing(null)}
        />
      )}

      {stayed && <RuleMessages codes={violations} fallback={t('persons.incomplete')} />}
      <StepActions
        busy={continuing}
        onContinue={onContinue}
        disabled={editing !== null}
        label={t('form.continue')}
      />
    </div>
  );
}

/**
 * /self-disclosure/ubo (company accounts): the beneficial owners (GwG § 3 (2)) with their percent of
 * capital and voting rights, real (directly or indirectly) or fictitious; a representative already
 * listed can be marked as one. spec 5's list rules say what is still missing.
 */
export function UboPage() {
  const record = useCustomerRecord();
  const list = useUboUsers();
  const countries = useCountries();
  if (record.data && record.data.accountType !== 'company') return <Navigate replace to="/self-disclosure" />;
  const queries = [record, list, countries];
  if (queries.some((q) => q.isError)) {
    return <LoadFailed onRetry={() => retryFailed(queries)} />;
  }
  if (!record.data || !list.data || !countries.data) return <FormSkeleton panels={[2, 2]} />;
  return <UboContent list={list.data} countries={countries.data} />;
}
