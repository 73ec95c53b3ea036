import { type ViolationCode, violationMessage } from '@token/domain/errors';
import { Building2, Pencil, Trash2, TriangleAlert, UserRound } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { uboRoleCodes, uboThresholdPercent } from '../schemas.ts';
import type { UboUser } from '../types.ts';
import { isBeneficialOwner } from '../ubo-rules.ts';
import { personName } from './person-fields.tsx';

const { authorisedRepresentative, legalRepresentative } = uboRoleCodes;

function Badge({
  children,
  tone = 'slate',
}: {
  children: React.ReactNode;
  tone?: 'slate' | 'brand' | 'accent';
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700',
    brand: 'bg-brand-50 text-brand-800',
    accent: 'bg-accent-50 text-accent-700',
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/** The roles of a person as short labels (spec 3 role codes). */
function RoleBadges({ person }: { person: UboUser }) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const percent = (n: number | null) =>
    n === null ? '–' : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  return (
    <span className="flex flex-wrap gap-1.5">
      {person.isUser && <Badge tone="brand">{t('persons.you')}</Badge>}
      {person.roles.includes(legalRepresentative) && <Badge>{t('roles.legal')}</Badge>}
      {person.roles.includes(authorisedRepresentative) && <Badge>{t('roles.authorised')}</Badge>}
      {isBeneficialOwner(person) &&
        (person.fictitiousBeneficialOwner ? (
          <Badge tone="accent">{t('roles.fictitious')}</Badge>
        ) : (
          <Badge tone="accent">
            {t('roles.owner', { equity: percent(person.equityShares), voting: percent(person.votingShares) })}
          </Badge>
        ))}
    </span>
  );
}

/** One person of the company's list with edit and remove. */
export function PersonCard({
  person,
  onEdit,
  onRemove,
  busy,
}: {
  person: UboUser;
  onEdit?: () => void;
  onRemove?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const name = personName(person) || t('persons.unnamed');
  const Icon = person.type === 'legal' ? Building2 : UserRound;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-brand-900 [overflow-wrap:anywhere]">{name}</p>
        <div className="mt-1">
          <RoleBadges person={person} />
        </div>
      </div>
      <div className="flex gap-2">
        {onEdit && (
          <Button variant="outline" size="sm" onClick={onEdit} disabled={busy}>
            <Pencil className="size-4" aria-hidden="true" />
            {t('persons.edit')}
            <span className="sr-only">: {name}</span>
          </Button>
        )}
        {onRemove && (
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={busy}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('persons.remove')}
            <span className="sr-only">: {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** spec 5 list-level rules that keep the step from being complete, in the visitor's language. */
export function RuleMessages({
  codes,
  fallback,
}: {
  codes: readonly ViolationCode[];
  fallback: string | null;
}) {
  const locale = useLocale();
  if (codes.length === 0 && !fallback) return null;
  const messages = codes.length
    ? codes.map((c) => violationMessage(c, locale, { value: uboThresholdPercent }))
    : [fallback as string];
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <ul className="space-y-1">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
