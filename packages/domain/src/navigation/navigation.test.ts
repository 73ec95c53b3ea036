import { describe, expect, it } from 'vitest';
import type { Onboarding } from '../onboarding/index.ts';
import {
  entryGateRedirect,
  homeRedirect,
  isEndOfProcessRoute,
  isProtectedPath,
  leaveProcessDecision,
  loginPathFor,
  matchPath,
  processOf,
  safeRedirectPath,
  shouldHideNotifications,
} from './index.ts';

describe('matchPath', () => {
  it.each([
    ['/', '/', true],
    ['/', '/imprint', false],
    ['/products/:code', '/products/SOLAR', true],
    ['/products/:code', '/products', false],
    ['/products/:code', '/products/SOLAR/extra', false],
    ['/account/*', '/account/edit', true],
    ['/account/*', '/account/orders/1', true],
    ['/account/*', '/accounts', false],
    ['/sign-up/:referralCode?', '/sign-up', true],
    ['/sign-up/:referralCode?', '/sign-up/ABC', true],
    ['/imprint', '/imprint/', true],
    ['/imprint', '/Imprint', false],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(matchPath(pattern, path)).toBe(expected);
  });
});

describe('processes (spec 2)', () => {
  it.each([
    ['/order-process/token', 'orderProcess'],
    ['/order-process/confirmation', 'orderProcess'],
    ['/self-disclosure/ubo-documents', 'SELF_DISCLOSURE'],
    ['/preparation-process/metadata', 'preparationProcess'],
    ['/create-content', 'preparationProcess'],
    ['/preparation-process/collection-summary', null],
    ['/orders/abc/finish', null],
    ['/products/X', null],
  ])('%s belongs to %s', (path, process) => {
    expect(processOf(path)).toBe(process);
  });

  it.each([
    ['/orders/0c1d/finish', true],
    ['/thank-you-for-offline-payment', true],
    ['/preparation-process/collection-summary', true],
    ['/login', true],
    ['/customer', true],
    ['/profile/anna', true],
    ['/products/X', false],
  ])('%s ends a process: %s', (path, expected) => {
    expect(isEndOfProcessRoute(path)).toBe(expected);
  });

  it.each([
    // leaving a process towards an ordinary page asks first
    ['/order-process/addresses', '/', { confirm: true, process: 'orderProcess' }],
    ['/order-process/payment-methods', '/products/SOLAR', { confirm: true, process: 'orderProcess' }],
    ['/self-disclosure/pep', '/account', { confirm: true, process: 'SELF_DISCLOSURE' }],
    ['/preparation-process/metadata', '/browse', { confirm: true, process: 'preparationProcess' }],
    // towards another process route or an end-of-process route it does not
    ['/order-process/addresses', '/order-process/payment-methods', { confirm: false }],
    ['/order-process/confirmation', '/self-disclosure/kyc', { confirm: false }],
    ['/order-process/confirmation', '/orders/u1/finish', { confirm: false }],
    ['/order-process/confirmation', '/thank-you-for-offline-payment', { confirm: false }],
    ['/order-process/confirmation', '/login', { confirm: false }],
    ['/preparation-process/product-metadata', '/preparation-process/collection-summary', { confirm: false }],
    // not in a process: nothing to ask
    ['/products/SOLAR', '/', { confirm: false }],
  ])('%s -> %s', (from, to, expected) => {
    expect(leaveProcessDecision(from, to)).toEqual(expected);
  });
});

describe('protected routes (spec 2)', () => {
  it.each([
    ['/account', true],
    ['/account/exerpts', true],
    ['/favourites', true],
    ['/order-details/abc', true],
    ['/transfer/TKN', true],
    ['/order-process/token', true],
    ['/self-disclosure/kyc', true],
    ['/edit-product/X/metadata', true],
    ['/products/X', false],
    ['/imprint', false],
    ['/contact', false],
    ['/login', false],
    ['/browse', false],
  ])('%s needs login: %s', (path, expected) => {
    expect(isProtectedPath(path, { homeRequiresLogin: false })).toBe(expected);
  });

  it('protects home only in the investment reading', () => {
    expect(isProtectedPath('/', { homeRequiresLogin: false })).toBe(false);
    expect(isProtectedPath('/', { homeRequiresLogin: true })).toBe(true);
  });

  it('sends logged-out visitors to /login with the wanted path', () => {
    expect(loginPathFor('/account/orders?page=2')).toBe('/login?redirectPath=%2Faccount%2Forders%3Fpage%3D2');
    expect(loginPathFor('/')).toBe('/login?redirectPath=%2F');
  });

  it.each([
    ['/account', '/account'],
    ['/products/X?a=1', '/products/X?a=1'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [null, '/'],
  ])('redirect path %s -> %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});

describe('notifications and home redirect', () => {
  it.each([
    ['', true],
    ['?page=2', true],
    ['?limit=20', false],
    ['?page=1&limit=5', false],
  ])('query %s hides notifications: %s', (search, expected) => {
    expect(shouldHideNotifications(search)).toBe(expected);
  });

  it('redirects /?token_value=X to the invoices of the order', () => {
    expect(homeRedirect('?token_value=abc123')).toBe('/invoices?tokenValue=abc123');
    expect(homeRedirect('?token_value=a%26b')).toBe('/invoices?tokenValue=a%26b');
    expect(homeRedirect('?other=1')).toBeNull();
    expect(homeRedirect('')).toBeNull();
  });
});

describe('entry gate driven by the onboarding answer (spec 2 entry gating)', () => {
  const steps: Onboarding['steps'] = [
    { step: 'personal', route: '/self-disclosure/personal', state: 'done' },
    { step: 'pep', route: '/self-disclosure/pep', state: 'current' },
    { step: 'adequacy_optional', route: '/self-disclosure/adequacy-optional', state: 'todo' },
    { step: 'kyc', route: '/self-disclosure/kyc', state: 'todo' },
    { step: 'custody', route: '/self-disclosure/custody', state: 'done' },
  ];
  const at = (nextRoute: string | null) => ({ nextRoute, steps });

  it.each([
    ['a gated page while a step is open', '/self-disclosure/pep', '/', '/self-disclosure/pep'],
    [
      'the order process while a step is open',
      '/self-disclosure/pep',
      '/order-process/token',
      '/self-disclosure/pep',
    ],
    ['the current step itself', '/self-disclosure/pep', '/self-disclosure/pep', null],
    ['the current step with a trailing slash', '/self-disclosure/pep', '/self-disclosure/pep/', null],
    ['a done step (to change it)', '/self-disclosure/pep', '/self-disclosure/personal', null],
    ['a later done step', '/self-disclosure/pep', '/self-disclosure/custody', null],
    ['a step still to do', '/self-disclosure/pep', '/self-disclosure/kyc', '/self-disclosure/pep'],
    [
      'a step that does not apply (company for a person)',
      '/self-disclosure/pep',
      '/self-disclosure/company',
      '/self-disclosure/pep',
    ],
    ['follow-up: /contact once, from anywhere gated', '/contact', '/', '/contact'],
    ['follow-up: even from a done step', '/contact', '/self-disclosure/personal', '/contact'],
    ['on /contact itself', '/contact', '/contact', null],
    ['banned: from anywhere gated', '/banned', '/account/wallet', '/banned'],
    ['banned: even from the current step', '/banned', '/self-disclosure/pep', '/banned'],
    ['nothing left', null, '/', null],
  ] as const)('%s: next %s, at %s -> %s', (_name, next, path, expected) => {
    expect(entryGateRedirect(at(next), path)).toBe(expected);
  });

  it('lets everyone through while the answer has not loaded', () => {
    expect(entryGateRedirect(null, '/')).toBeNull();
    expect(entryGateRedirect(undefined, '/order-process/token')).toBeNull();
  });
});
