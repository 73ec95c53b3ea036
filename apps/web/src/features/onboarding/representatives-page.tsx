import { Info, Plus, UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useCreateRepresentative } from './api/create-representative.ts';
import { RepresentativeEditor } from './components/person-editors.tsx';
import { PersonCard } from './components/person-list.tsx';
import { PersonCards, type PersonListContext, PersonListStep } from './components/person-list-step.tsx';
import { Panel } from './components/step-parts.tsx';
import { uboRoleCodes } from './schemas.ts';
import type { UboUser } from './types.ts';
import {
  isBeneficialOwner,
  isRepresentative,
  needsAuthority,
  representativeListViolations,
} from './ubo-rules.ts';

/**
 * Removing a representative: someone who is a beneficial owner as well only loses the
 * representative roles; anyone else leaves the list.
 */
function withoutRepresentativeRoles(person: UboUser) {
  if (!isBeneficialOwner(person)) return null;
  const roles = person.roles.filter(
    (r) => r !== uboRoleCodes.authorisedRepresentative && r !== uboRoleCodes.legalRepresentative,
  );
  return { roles };
}

function RepresentativesSections({ list, editing, edit, removal }: PersonListContext) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const addMe = useCreateRepresentative();

  const me = list.find((u) => u.isUser) ?? null;
  const others = list.filter((u) => !u.isUser && isRepresentative(u));

  const onAddMe = async () => {
    try {
      const created = await addMe.mutateAsync(undefined);
      // the entry holds the user's names; birth, address and roles are theirs to complete
      edit(created);
    } catch (err) {
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  };

  return (
    <>
      <p className="max-w-2xl text-slate-700">{t('representatives.intro')}</p>

      <Panel title={t('representatives.youTitle')} description={t('representatives.youText')}>
        {me && isRepresentative(me) ? (
          <div className="space-y-4">
            <ul>
              <PersonCard
                person={me}
                busy={removal.busy}
                onEdit={() => edit(me)}
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
          <Button variant="outline" onClick={() => edit(me)} disabled={editing}>
            <UserPlus className="size-4" aria-hidden="true" />
            {t('representatives.addMe')}
          </Button>
        ) : (
          <Button variant="outline" onClick={onAddMe} disabled={addMe.isPending || editing}>
            <UserPlus className="size-4" aria-hidden="true" />
            {addMe.isPending ? t('form.saving') : t('representatives.addMe')}
          </Button>
        )}
      </Panel>

      <Panel title={t('representatives.othersTitle')} description={t('representatives.othersText')}>
        <PersonCards
          persons={others}
          ctx={{ list, editing, edit, removal }}
          none={t('representatives.none')}
        />
        <Button variant="outline" className="mt-4" onClick={() => edit(null)} disabled={editing}>
          <Plus className="size-4" aria-hidden="true" />
          {t('representatives.add')}
        </Button>
      </Panel>
    </>
  );
}

/**
 * /self-disclosure/representatives (company accounts): who represents the company. The user adds
 * themself (POST ubo-users/representative) and the other legal or authorised representatives with
 * their roles and statements; spec 5's list rules say what is still missing.
 */
export function RepresentativesPage() {
  return (
    <PersonListStep
      removeText="representatives.removeText"
      keepWithout={withoutRepresentativeRoles}
      violations={representativeListViolations}
      Editor={RepresentativeEditor}
      skeleton={[1, 2]}
    >
      {(ctx) => <RepresentativesSections {...ctx} />}
    </PersonListStep>
  );
}
