import {
  type PasswordRule,
  passwordMinLength,
  passwordRuleFailures,
  passwordRules,
} from '@token/domain/accounts';
import { Check, Circle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

type Scorer = (password: string, userInputs?: string[]) => 0 | 1 | 2 | 3 | 4;
let scorer: Promise<Scorer> | null = null;

/** Loads zxcvbn-ts on first use (not part of any first paint). */
function loadScorer(): Promise<Scorer> {
  scorer ??= import('./zxcvbn.ts').then((m) => m.scorePassword);
  return scorer;
}

const meterColours = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-accent-600', 'bg-emerald-600'];
const strengthKeys = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;

/** The zxcvbn score of a password, null until the scorer has loaded or while the field is empty. */
function useStrength(password: string, userInputs: string[]): number | null {
  const [score, setScore] = useState<number | null>(null);
  const inputs = userInputs.join('\u0000');
  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let live = true;
    loadScorer().then(
      (score) => {
        if (live) setScore(score(password, inputs.split('\u0000')));
      },
      () => {
        if (live) setScore(null);
      },
    );
    return () => {
      live = false;
    };
  }, [password, inputs]);
  return score;
}

/**
 * Below a new password: the spec 5 rules as a checklist (from the domain's `passwordRuleFailures`,
 * the same rules the API applies) and a strength meter (zxcvbn-ts, loaded lazily).
 */
export function PasswordStrength({
  password,
  userInputs = [],
  id,
}: {
  password: string;
  userInputs?: string[];
  id?: string;
}) {
  const { t } = useTranslation('accounts');
  const score = useStrength(password, userInputs);
  const failures = new Set<PasswordRule>(passwordRuleFailures(password));
  // max_length only matters once broken
  const shown = passwordRules.filter((r) => r !== 'max_length' || failures.has(r));
  const level = password ? (failures.size > 0 ? Math.min(score ?? 0, 1) : (score ?? 0)) : null;
  return (
    <div id={id} className="mt-2 space-y-2">
      <div>
        <div className="flex gap-1" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <span
              key={i}
              className={`h-1.5 flex-1 rounded-full ${
                level !== null && Math.max(1, level) > i ? meterColours[level] : 'bg-slate-200'
              }`}
            />
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-600" aria-live="polite">
          {level === null
            ? t('password.strengthEmpty')
            : t('password.strength', { level: t(`password.levels.${strengthKeys[level]}`) })}
        </p>
      </div>
      <ul className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2" aria-label={t('password.rulesLabel')}>
        {shown.map((rule) => {
          const met = password !== '' && !failures.has(rule);
          return (
            <li
              key={rule}
              className={`flex items-center gap-1.5 ${met ? 'text-emerald-800' : 'text-slate-600'}`}
            >
              {met ? (
                <Check className="size-3.5 shrink-0" aria-hidden="true" />
              ) : (
                <Circle className="size-3.5 shrink-0" aria-hidden="true" />
              )}
              <span>
                {t(`password.rules.${rule}`, { count: passwordMinLength })}
                <span className="sr-only">: {met ? t('password.met') : t('password.notMet')}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
