import type { ViolationCode } from '@token/domain/errors';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCountries } from '../../../lib/reference.ts';
import { useCustomerRecord } from '../../../lib/session.tsx';
import { useDeleteUboUser } from '../api/delete-ubo-user.ts';
import { useUboUsers } from '../api/get-ubo-users.ts';
import { useUpdateUboUser } from '../api/update-ubo-user.ts';
import type { Country, UboUser, UboUserPatch } from '../types.ts';
import { personName } from './person-fields.tsx';
import { PersonCard, RuleMessages } from './person-list.tsx';
import { FormSkeleton, LoadFailed, retryFailed, StepActions } from './step-parts.tsx';
import { useContinueStep } from './use-continue.ts';

/** Removing a person from one of the company's lists (with the confirmation dialog). */
export type PersonRemoval = { busy: boolean; run: (person: UboUser) => Promise<void> };

/** What a list step's sections get: the list, the person being edited, and the removal. */
export type PersonListContext = {
  list: UboUser[];
  /** Whether an editor is open (the list's buttons wait meanwhile). */
  editing: boolean;
  /** Opens the editor for a person of the list, or for a new one (null). */
  edit: (person: UboUser | null) => void;
  removal: PersonRemoval;
};

export type PersonListStepProps = {
  /** The i18n key (namespace onboarding) of the removal question, with `{name}`. */
  removeText: string;
  /**
   * When the person stays in the company's list for another part they play, the change that takes
   * this list's part off them; null: the person leaves the list.
   */
  keepWithout: (person: UboUser) => UboUserPatch | null;
  /** spec 5's list rules for this step, shown when continuing is refused. */
  violations: (list: readonly UboUser[]) => ViolationCode[];
  /** The editor of one person of this list. */
  Editor: ComponentType<{ person: UboUser | null; countries: readonly Country[]; onDone: () => void }>;
  /** The loading placeholder's panels (fields per panel). */
  skeleton: number[];
  /** The step's sections above the editor. */
  children: (ctx: PersonListContext) => ReactNode;
};

/** Removes a person from this list: their part only when they play another one, else the entry. */
function usePersonRemoval(
  removeText: string,
  keepWithout: PersonListStepProps['keepWithout'],
): PersonRemoval {
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
        message: t(removeText, { name: personName(person) || t('persons.unnamed') }),
        confirmLabel: t('persons.remove'),
        cancelLabel: t('form.cancel'),
        destructive: true,
      });
      if (!ok) return;
      try {
        const patch = keepWithout(person);
        if (patch) await update.mutateAsync({ id: person.id, input: patch });
        else await remove.mutateAsync(person.id);
        notify('success', t('notify.removed'));
      } catch (err) {
        notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      }
    },
  };
}

/** The people of a list as cards with edit and remove, or the `none` text. */
export function PersonCards({
  persons,
  ctx,
  none,
}: {
  persons: readonly UboUser[];
  ctx: PersonListContext;
  none: string;
}) {
  if (persons.length === 0) return <p className="text-sm text-slate-600">{none}</p>;
  return (
    <ul className="space-y-3">
      {persons.map((p) => (
        <PersonCard
          key={p.id}
          person={p}
          busy={ctx.removal.busy}
          onEdit={() => ctx.edit(p)}
          onRemove={() => void ctx.removal.run(p)}
        />
      ))}
    </ul>
  );
}

function PersonListContent({
  list,
  countries,
  props,
}: {
  list: UboUser[];
  countries: readonly Country[];
  props: PersonListStepProps;
}) {
  const { t } = useTranslation('onboarding');
  const [editing, setEditing] = useState<{ person: UboUser | null } | null>(null);
  const { continuing, stayed, onContinue } = useContinueStep();
  const removal = usePersonRemoval(props.removeText, props.keepWithout);
  const { Editor } = props;

  return (
    <div className="space-y-6">
      {props.children({
        list,
        editing: editing !== null,
        edit: (person) => setEditing({ person }),
        removal,
      })}

      {editing && (
        <Editor
          key={editing.person?.id ?? 'new'}
          person={editing.person}
          countries={countries}
          onDone={() => setEditing(null)}
        />
      )}

      {stayed && <RuleMessages codes={props.violations(list)} fallback={t('persons.incomplete')} />}
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
 * A self-disclosure step over the company's persons (representatives, beneficial owners): company
 * accounts only, loads the list and the countries, edits one person at a time, removes with a
 * question, and on continue lets the gate decide, showing spec 5's list rules when it stays.
 */
export function PersonListStep(props: PersonListStepProps) {
  const record = useCustomerRecord();
  const list = useUboUsers();
  const countries = useCountries();
  if (record.data && record.data.accountType !== 'company') return <Navigate replace to="/self-disclosure" />;
  const queries = [record, list, countries];
  if (queries.some((q) => q.isError)) {
    return <LoadFailed onRetry={() => retryFailed(queries)} />;
  }
  if (!record.data || !list.data || !countries.data) return <FormSkeleton panels={props.skeleton} />;
  return <PersonListContent list={list.data} countries={countries.data} props={props} />;
}
