import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { routeSources } from '../test/raised-codes.ts';
import { operatorApiBase } from './auth.ts';
import { apiBase } from './hydra.ts';

/*
 * Every catalogue code a route can answer is one its OpenAPI operation documents (issue 15): the
 * common ones derived in `openapi-errors.ts` plus the route's own `config.errors`.
 *
 * Why static analysis and not recording the answers of the API tests: a recording only knows the
 * codes some test happened to provoke, and only when every API test file runs in one process; the
 * source knows every `AppError('code')` a route's handler reaches, through its services, their
 * helpers and the domain's guards (`test/raised-codes.ts` follows the calls). What the analysis
 * cannot follow (a partner adapter's method) is declared by hand, as its port documents it.
 * The documented side is read from the running app's OpenAPI document, so a declaration counts
 * exactly as a client sees it.
 */

/**
 * Codes the analysis finds on a path that a route's own arguments rule out (it does not follow values).
 * Each entry says why; a route that can really answer one must declare it instead.
 */
const unreachable = new Set([
  // domain/compliance decisionBlocker: only an approval needs a confirmed identity.
  'POST /api/v2/admin/customers/{uuid}/follow-up: customer_not_identified',
  'POST /api/v2/admin/customers/{uuid}/ban: customer_not_identified',
  'POST /api/v2/admin/customers/{uuid}/lift-ban: customer_not_identified',
  // decideProfessionalRequest: only an approval needs the evidence.
  'POST /api/v2/admin/professional-requests/{id}/refuse: professional_evidence_missing',
  // assertEvidenceAllowed(..., undefined): removing evidence names no criterion, so its limit check never
  // runs (its validation_failed is declared anyway: every operation with a body may answer 422, NUL guard).
  'DELETE /api/v2/shop/professional-requests/{id}/evidence/{fileUuid}: document_limit_reached',
  // reverseRegisterEntry answers the journal's refusal of a reversal (an overdraw) as reversal_not_allowed.
  'POST /api/v2/admin/bonds/{code}/register/entries/{sequence}/reversal: register_entry_refused',
  // archiveInvoices catches the invoice PDF's AppError: an invoice it cannot render keeps its row only.
  'POST /api/v2/admin/erasure-requests/{id}/confirm: invoice_not_found',
]);

type Operation = { responses?: Record<string, { description?: string }> };

let t: TestApp;
let documented: Map<string, Set<string>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const docs = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  documented = new Map();
  for (const [path, operations] of Object.entries(docs.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const codes = new Set<string>();
      for (const response of Object.values(operation.responses ?? {})) {
        const listed = /\(code: ([^)]*)\)$/.exec(response.description ?? '')?.[1];
        for (const code of listed?.split(', ') ?? []) codes.add(code);
      }
      documented.set(`${method.toUpperCase()} ${path}`, codes);
    }
  }
});
afterAll(async () => {
  await t.close();
});

/** Each routes plugin's prefix, as server.ts registers it (`shop.register(x)` under the shop's base). */
const prefixes = (() => {
  const server = readFileSync(fileURLToPath(new URL('../server.ts', import.meta.url)), 'utf8');
  const known: Record<string, string> = { apiBase, operatorApiBase };
  const out = new Map<string, string>();
  for (const m of server.matchAll(
    /\b(shop|app)\.register\((\w+Routes)(?:, \{ prefix: (\w+|'[^']*') \})?\)/g,
  )) {
    const prefix = m[3]?.startsWith("'") ? m[3].slice(1, -1) : (known[m[3] ?? ''] ?? '');
    out.set(m[2] ?? '', m[1] === 'shop' ? apiBase : prefix);
  }
  // A module's own plugin may register its route files (`register.routes.ts`): they share its prefix.
  const modules = fileURLToPath(new URL('../modules/', import.meta.url));
  for (const dir of readdirSync(modules)) {
    for (const file of readdirSync(join(modules, dir)).filter((f) => f.endsWith('.routes.ts'))) {
      const text = readFileSync(join(modules, dir, file), 'utf8');
      for (const plugin of text.matchAll(/export async function (\w+Routes)\(app[^)]*\) \{([\s\S]*?)\n\}/g)) {
        const base = out.get(plugin[1] ?? '');
        if (base === undefined) continue;
        for (const inner of (plugin[2] ?? '').matchAll(/app\.register\((\w+Routes)\)/g))
          out.set(inner[1] ?? '', base);
      }
    }
  }
  return out;
})();

/** The documented operations a registration's URL (`/orders/:id`, `/x/${...}`) stands for, under its module's base. */
function operationsOf(method: string, url: string, plugin: string): string[] {
  const pattern = url
    .split(/(\$\{[^}]*\}|:\w+|\*)/)
    .map((part) => {
      if (part.startsWith('${')) return '[^/ ]+';
      if (part === '*') return '[^ ]+';
      if (part.startsWith(':')) return `\\{${part.slice(1)}\\}`;
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  const base = prefixes.get(plugin) ?? '';
  const matcher = new RegExp(`^${method} ${base}${pattern}$`);
  return [...documented.keys()].filter((key) => matcher.test(key));
}

describe('declared error codes', () => {
  it('finds every route of the modules in the OpenAPI document', () => {
    const routes = routeSources();
    expect(routes.length).toBeGreaterThan(100);
    const unmatched = routes
      .filter((r) => operationsOf(r.method, r.url, r.plugin).length === 0)
      .map((r) => `${r.method} ${r.url}`);
    // Sandbox and mailbox pages are hidden from the document (no API clients call them).
    expect(unmatched.filter((r) => !/\/(sandbox|dev)\/|\/media\//.test(r))).toEqual([]);
  });

  it('documents, for every route, each code its handler can raise', () => {
    const missing: string[] = [];
    for (const route of routeSources()) {
      for (const operation of operationsOf(route.method, route.url, route.plugin)) {
        const codes = documented.get(operation) ?? new Set();
        for (const code of route.codes) if (!codes.has(code)) missing.push(`${operation}: ${code}`);
      }
    }
    expect(missing.filter((m) => !unreachable.has(m))).toEqual([]);
    // An entry here that the analysis no longer finds is stale: remove it.
    expect([...unreachable].filter((m) => !missing.includes(m))).toEqual([]);
  });
});
