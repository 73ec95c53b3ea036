import { Info, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { BeneficialOwnerEditor } from './components/person-editors.tsx';
import { personName } from './components/person-fields.tsx';
import { PersonCards, type PersonListContext, PersonListStep } from './components/person-list-step.tsx';
import { Panel } from './components/step-parts.tsx';
import { uboRoleCodes } from './schemas.ts';
import type { UboUser } from './types.ts';
import { beneficialOwnerListViolations, isBeneficialOwner, isRepresentative } from './ubo-rules.ts';

/** Taking a person off the beneficial owners: a representative stays one, anyone else leaves the list. */
function withoutOwnership(person: UboUser) {
  if (!isRepresentative(person)) return null;
  const roles = person.roles.filter(
    (r) => r !== uboRoleCodes.beneficialOwner && r !== uboRoleCodes.beneficialOwnerIndirect,
  );
  return { roles, fictitiousBeneficialOwner: false, equityShares: null, votingShares: null };
}

function UboSections(ctx: PersonListContext) {
  const { list, editing, edit } = ctx;
  const { t } = useTranslation('onboarding');
  const pickId = useId();
  const [picked, setPicked] = useState('');

  const owners = list.filter(isBeneficialOwner);
  // people already listed (as representatives) who may be beneficial owners too: natural persons only
  const candidates = list.filter((u) => !isBeneficialOwner(u) && u.type === 'natural');

  return (
    <>
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
        <PersonCards persons={owners} ctx={ctx} none={t('ubo.none')} />
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
          <Button variant="outline" onClick={() => edit(null)} disabled={editing}>
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
                disabled={editing}
              />
              <Button
                variant="outline"
                disabled={picked === '' || editing}
                onClick={() => {
                  const person = candidates.find((c) => String(c.id) === picked) ?? null;
                  if (person) edit(person);
                  setPicked('');
                }}
              >
                {t('ubo.pick')}
              </Button>
            </div>
          )}
        </div>
      </Panel>
    </>
  );
}

/**
 * /self-disclosure/ubo (company accounts): the beneficial owners (GwG § 3 (2)) with their percent of
 * capital and voting rights, real (directly or indirectly) or fictitious; a representative already
 * listed can be marked as one. spec 5's list rules say what is still missing.
 */
export function UboPage() {
  return (
    <PersonListStep
      removeText="ubo.removeText"
      keepWithout={withoutOwnership}
      violations={beneficialOwnerListViolations}
      Editor={BeneficialOwnerEditor}
      skeleton={[2, 2]}
    >
      {(ctx) => <UboSections {...ctx} />}
    </PersonListStep>
  );
}
