import {
  auditActions,
  customerDecisions,
  customerListScopes,
  customerStatuses,
  kycStates,
  queueReasons,
  registrarStatuses,
} from '@token/domain/compliance';
import { errorCatalogue, violationCatalogue } from '@token/domain/errors';
import { finalStatementKeys, paymentStates, riskStatementKeys } from '@token/domain/orders';
import { questionnaireResults, questionnaireWarnings } from '@token/domain/questionnaires';
import {
  journalFaults,
  mintingBlockReasons,
  mintingOrderStatuses,
  registerEntryKinds,
  whitelistSources,
} from '@token/domain/register';
import { describe, expect, it } from 'vitest';
import { defined } from '../../lib/test-defined.ts';
import de from '../../locales/de/admin.json';
import commonDe from '../../locales/de/common.json';
import en from '../../locales/en/admin.json';
import { bankCreditFilters } from './api/admin-keys.ts';
import { orderActions } from './api/order-actions.ts';
import { registerTabs } from './register-pages.tsx';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('admin texts', () => {
  it('German and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('hold every key the admin screens use, and a word for every code the platform knows today', () => {
    const used = new Set<string>();
    for (const [path, src] of Object.entries(sources)) {
      if (path.endsWith('.test.ts') || path.endsWith('.test.tsx')) continue;
      for (const m of src.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(defined(m[1]));
    }
    // keys built from codes
    for (const s of customerStatuses) used.add(`statuses.${s}`);
    for (const s of registrarStatuses) used.add(`registrar.${s}`);
    for (const s of kycStates) used.add(`kyc.${s}`);
    for (const r of queueReasons) used.add(`reasons.${r}`);
    for (const a of auditActions) used.add(`audit.actions.${a}`);
    for (const s of customerListScopes) used.add(`queue.scopes.${s}`);
    for (const r of questionnaireResults) used.add(`file.questionnaires.results.${r}`);
    for (const w of questionnaireWarnings) used.add(`file.questionnaires.warningNames.${w}`);
    for (const d of [...customerDecisions, 'professional_approve', 'professional_refuse']) {
      for (const k of ['label', 'title', 'text', 'submit', 'done']) used.add(`decisions.${d}.${k}`);
    }
    for (const s of paymentStates) used.add(`paymentStates.${s}`);
    for (const s of ['unmatched', 'partial', 'excess', 'duplicate', 'matched', 'returned']) {
      used.add(`creditStatuses.${s}`);
    }
    for (const f of bankCreditFilters) used.add(`payments.filters.${f}`);
    for (const c of ['credits', 'matched', 'open', 'duplicates']) used.add(`payments.counts.${c}`);
    for (const k of ['notUsOrCanadaTaxpayer', ...riskStatementKeys, ...finalStatementKeys]) {
      used.add(`statements.${k}`);
    }
    for (const a of orderActions) {
      for (const k of ['label', 'title', 'text', 'submit', 'done']) used.add(`orderActions.${a}.${k}`);
    }
    for (const c of ['number', 'customer', 'products', 'total', 'paymentState', 'placedAt']) {
      used.add(`orders.columns.${c}`);
    }
    for (const n of ['queue', 'orders', 'payments', 'register', 'referrals']) used.add(`nav.${n}`);
    for (const f of journalFaults) used.add(`register.faults.${f}`);
    for (const k of registerEntryKinds) used.add(`journal.kinds.${k}`);
    for (const s of mintingOrderStatuses) used.add(`minting.statuses.${s}`);
    for (const r of mintingBlockReasons) used.add(`minting.blockedReasons.${r}`);
    for (const s of whitelistSources) used.add(`whitelist.sources.${s}`);
    for (const tab of registerTabs) used.add(`register.tabs.${tab}`);
    for (const c of ['order', 'transfer_request', 'redemption', 'correction'])
      used.add(`journal.causes.${c}`);
    for (const c of [
      'sequence',
      'kind',
      'parties',
      'amount',
      'cause',
      'transaction',
      'recordedAt',
      'status',
    ]) {
      used.add(`journal.columns.${c}`);
    }
    for (const c of ['holder', 'identity', 'balance', 'pendingOut', 'pendingIn'])
      used.add(`holders.columns.${c}`);
    for (const c of ['order', 'investor', 'quantity', 'minted', 'inInstructions', 'remaining', 'status']) {
      used.add(`minting.columns.${c}`);
    }
    for (const c of ['investor', 'source', 'addedAt', 'balance']) used.add(`whitelist.columns.${c}`);
    for (const c of ['name', 'code', 'access']) used.add(`bonds.columns.${c}`);
    for (const k of ['statuses.notSet', 'registrar.notSet', 'kyc.notStarted']) used.add(k);
    expect(used.size).toBeGreaterThan(120);
    // LoadFailed's "retry" is the app's shared word (`common` namespace)
    const known = new Set([...keys(de), ...keys(commonDe)]);
    // plural keys: `queue.count` is `queue.count_one` / `queue.count_other`
    const missing = [...used].filter((k) => !known.has(k) && !known.has(`${k}_one`));
    expect(missing).toEqual([]);
  });

  it('hold no second copy of the error catalogue (errors come from @token/domain/errors)', () => {
    const catalogue = new Set<string>(
      [...Object.values(errorCatalogue), ...Object.values(violationCatalogue)].flatMap((m) => [m.de, m.en]),
    );
    expect([...entries(de), ...entries(en)].filter(([, v]) => catalogue.has(v))).toEqual([]);
  });
});
