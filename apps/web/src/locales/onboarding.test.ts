import { companyTypes, salutations } from '@token/domain/accounts';
import { documentPurposes, professionalRequestStatuses } from '@token/domain/documents';
import {
  clientErrorCatalogue,
  errorCatalogue as errorMessages,
  violationCatalogue as violationMessages,
} from '@token/domain/errors';
import { registrarStatuses } from '@token/domain/onboarding';
import { representativeRoles } from '@token/domain/profile';
import { questionnaireResults } from '@token/domain/questionnaires';
import { describe, expect, it } from 'vitest';
import { onboardingSteps } from '../features/onboarding/onboarding-status.ts';
import { defined } from '../lib/test-defined.ts';
import de from './de/onboarding.json';
import en from './en/onboarding.json';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

const sources = import.meta.glob<string>(
  ['../features/onboarding/**/*.{ts,tsx}', '../features/custody/**/*.{ts,tsx}', '!**/*.test.*'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

describe('onboarding texts', () => {
  it('German and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('hold every key the self-disclosure uses, the step names of every step included', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(defined(m[1]));
    }
    for (const s of onboardingSteps) used.add(`steps.${s}`);
    for (const s of ['done', 'current', 'todo', 'skipped']) used.add(`progress.state.${s}`);
    for (const c of companyTypes) used.add(`companyTypes.${c}`);
    for (const s of salutations) used.add(`salutations.${s}`);
    for (const r of representativeRoles) used.add(`representativeRoles.${r}`);
    for (const p of documentPurposes) for (const k of ['name', 'text']) used.add(`purposes.${p}.${k}`);
    for (const e of ['functions', 'family', 'associates']) used.add(`pep.examples.${e}`);
    // the second half's keys chosen at run time: displays, statuses, results
    for (const d of ['start', 'started', 'in_progress', 'under_review', 'not_confirmed', 'passed']) {
      used.add(`kyc.display.${d}`);
      used.add(`kyc.text.${d}`);
    }
    for (const h of ['document', 'device', 'duration']) used.add(`kyc.how.${h}`);
    for (const w of ['register', 'keys', 'check']) used.add(`custody.what.${w}`);
    for (const r of registrarStatuses) {
      used.add(`registrar.${r}`);
      used.add(`custodyAccount.status.${r}`);
    }
    for (const r of questionnaireResults)
      for (const k of ['title', 'text']) used.add(`questionnaire.result.${r}.${k}`);
    for (const s of professionalRequestStatuses) used.add(`professional.status.${s}`);
    expect(used.size).toBeGreaterThan(150);
    const known = new Set(keys(de));
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });

  it('hold no second copy of the error catalogue (errors come from @token/domain/errors)', () => {
    const catalogue = new Set<string>(
      [
        ...Object.values(errorMessages),
        ...Object.values(clientErrorCatalogue),
        ...Object.values(violationMessages),
      ].flatMap((m) => [m.de, m.en]),
    );
    const copies = [...entries(de), ...entries(en)].filter(([, v]) => catalogue.has(v));
    expect(copies).toEqual([]);
  });
});
