import { Info, Plus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useCreateRepresentative } from './api/create-representative.ts';
import { useDeleteUboUser } from './api/delete-ubo-user.ts';
import { useCountries } from './api/get-countries.ts';
import { useUboUsers } from './api/get-ubo-users.ts';
import { useUpdateUboUser } from './api/update-ubo-user.ts';
import { RepresentativeEditor } from './components/person-editors.tsx';
import { personName } from './components/person-fields.tsx';
import { PersonCard, RuleMessages } from './components/person-list.tsx';
import { FormSkeleton, LoadFailed, Panel, retryFailed, StepActions } from './components/step-parts.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';
import { uboRoleCodes } from './schemas.ts';
import type { Country, UboUser } from './types.ts';
import {
  isBeneficialOwner,
  isRepresentative,
  needsAuthority,
  representativeListViolations,
} from './ubo-rules.ts';

type Editing = { person: UboUser | null } | null;

/**
 * Removes a person from the representatives: someone who is a beneficial owner as well only loses
 * the representative roles; anyone else leaves the list.
 */
function useRemoveRepresentative() {
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
        message: t('representatives.removeText', { name: personName(person) || t('persons.unnamed') }),
        confirmLabel: t('persons.remove'),
        cancelLabel: t('form.cancel'),
        destructive: true,
      });
      if (!ok) return;
      try {
        if (isBeneficialOwner(person)) {
          const roles = person.roles.filter(
            (r) => r !== uboRoleCodes.authorisedRepresentative && r !== uboRoleCodes.legalRepresentative,
          );
          await update.mutateAsync({ id: person.id, input: { roles } });
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

function RepresentativesContent({ list, countries }: { list: UboUser[]; countries: readonly Country[] }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const { pathname } = useLocation();
  const [editing, setEditing] = useState<Editing>(null);
  const [stayed, setStayed] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const addMe = useCreateRepresentative();
  const removal = useRemoveRepresentative();
  const continueOnboarding = useContinueOnboarding();

  const me = list.find((u) => u.isUser) ?? null;
  const others = list.filter((u) => !u.isUser && isRepresentative(u));
  const violations = representativeListViolations(list);

  const onAddMe = async () => {
    try {
      const created = await addMe.mutateAsync(undefined);
      // the entry holds the user's names; birth, address and roles are theirs to complete
      setEditing({ person: created });
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  };

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
      <p className="max-w-2xl text-slate-700">{t('representatives.intro')}</p>

      <Panel title={t('representatives.youTitle')} description={t('representatives.youText')}>
        {me && isRepresentative(me) ? (
          <div className="space-y-4">
            <ul>
              <PersonCard
                person={me}
                busy={removal.busy}
                onEdit={() => setEditing({ person: me })}
                onRemove={() => void removal.run(me)}
              />
            </ul>
            {needsAuthority([me]) && (
              <p className="flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {t('representatives.authorityNotice')}
              </p>
            )}
          </div>
        ) : me ? (
          <Button variant="outline" onClick={() => setEditing({ person: me })} disabled={editing !== null}>
            <UserPlus className="size-4" aria-hidden="true" />
            {t('representatives.addMe')}
          </Button>
        ) : (
          <Button variant="outline" onClick={onAddMe} disabled={addMe.isPending || editing !== null}>
            <UserPlus className="size-4" aria-hidden="true" />
            {addMe.isPending ? t('form.saving') : t('representatives.addMe')}
          </Button>
        )}
      </Panel>

      <Panel title={t('representatives.othersTitle')} description={t('representatives.othersText')}>
        {others.length > 0 ? (
          <ul className="space-y-3">
            {others.map((p) => (
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
          <p className="text-sm text-slate-600">{t('representatives.none')}</p>
        )}
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => setEditing({ person: null })}
          disabled={editing !== null}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('representatives.add')}
        </Button>
      </Panel>

      {editing && (
        <RepresentativeEditor
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
 * /self-disclosure/representatives (company accounts): who represents the company. The user adds
 * themself (POST ubo-users/representative) and the other legal or authorised representatives with
 * their roles and statements; spec 5's list rules say what is still missing.
 */
export function RepresentativesPage() {
  const record = useCustomerRecord();
  const list = useUboUsers();
  const countries = useCountries();
  if (record.data && record.data.accountType !== 'company') return <Navigate replace to="/self-disclosure" />;
  const queries = [record, list, countries];
  if (queries.some((q) => q.isError)) {
    return <LoadFailed onRetry={() => retryFailed(queries)} />;
  }
  if (!record.data || !list.data || !countries.data) return <FormSkeleton panels={[1, 2]} />;
  return <RepresentativesContent list={list.data} countries={countries.data} />;
}
