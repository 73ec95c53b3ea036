import {
  bannedRoute,
  contactRoute,
  type Onboarding,
  onboardingStepOfRoute,
  selfDisclosureRoutes,
} from '../onboarding/gate.ts';

/**
 * Navigation rules of spec 2 as pure functions: which routes need a login, which belong to a
 * process (and so ask before they are left), where the home page and a login redirect lead.
 * The web app's router hooks call these; nothing here knows about React.
 */

/** Route patterns use `:param`, `:param?` (optional segment) and a trailing `/*` (any rest). */
export function matchPath(pattern: string, pathname: string): boolean {
  const clean = (p: string) => p.replace(/\/+$/, '').split('/').filter(Boolean);
  const pat = clean(pattern);
  const path = clean(pathname);
  for (let i = 0; i < pat.length; i++) {
    const seg = pat[i]!;
    if (seg === '*') return i === pat.length - 1;
    const part = path[i];
    if (seg.startsWith(':')) {
      if (part === undefined) return seg.endsWith('?') && path.length === i;
      continue;
    }
    if (part === undefined || safeDecode(part) !== seg) return false;
  }
  return path.length === pat.length;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchesAny(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((p) => matchPath(p, pathname));
}

export const processNames = ['orderProcess', 'SELF_DISCLOSURE', 'preparationProcess'] as const;
export type ProcessName = (typeof processNames)[number];

/**
 * spec 2: the process routes and the routes that end each process. Leaving a process route asks
 * for confirmation unless the next route is a process route or an end-of-process route.
 */
export const processTable: Record<ProcessName, { routes: readonly string[]; endRoutes: readonly string[] }> =
  {
    orderProcess: {
      routes: [
        '/order-process/token',
        '/order-process/addresses',
        '/order-process/payment-methods',
        '/order-process/confirmation',
      ],
      endRoutes: [
        '/orders/:uuid/finish',
        '/thank-you-for-offline-payment',
        '/payment/success',
        '/payment/cancel',
      ],
    },
    // The onboarding's step table, in the entry gate's order (one table for router, gate and progress).
    SELF_DISCLOSURE: { routes: selfDisclosureRoutes, endRoutes: [] },
    preparationProcess: {
      routes: [
        '/preparation-process/prepare-collection',
        '/preparation-process/metadata',
        '/preparation-process/parameters',
        '/preparation-process/upload-content',
        '/preparation-process/product-metadata',
        '/create-content',
        '/create-content-form',
      ],
      endRoutes: ['/preparation-process/collection-summary'],
    },
  };

/** spec 2: routes that end any process (login; creator profiles). */
export const endAnyProcessRoutes: readonly string[] = ['/login', '/customer', '/profile/:profileName'];

/** The process a path belongs to, or null. */
export function processOf(pathname: string): ProcessName | null {
  for (const name of processNames) {
    if (matchesAny(processTable[name].routes, pathname)) return name;
  }
  return null;
}

/** Whether arriving at `pathname` ends a running process. */
export function isEndOfProcessRoute(pathname: string): boolean {
  if (matchesAny(endAnyProcessRoutes, pathname)) return true;
  return processNames.some((n) => matchesAny(processTable[n].endRoutes, pathname));
}

export type LeaveProcessDecision = { confirm: false } | { confirm: true; process: ProcessName };

/**
 * spec 2: leaving a process route for anything but another process route or an end-of-process
 * route asks 'All prepared information will be lost, are you sure to exit?'.
 */
export function leaveProcessDecision(fromPath: string, toPath: string): LeaveProcessDecision {
  const process = processOf(fromPath);
  if (!process) return { confirm: false };
  if (processOf(toPath) !== null || isEndOfProcessRoute(toPath)) return { confirm: false };
  return { confirm: true, process };
}

/** spec 2: routes marked with an asterisk (login required). */
export const protectedRoutes: readonly string[] = [
  '/account',
  '/account/*',
  '/edit-profile',
  '/created',
  '/my-collection',
  '/favourites',
  '/notifications-settings',
  '/order-details/:uuid',
  '/transfer/:tkn',
  '/enable-twofactor',
  '/order-process/*',
  '/orders/:uuid/finish',
  '/thank-you-for-offline-payment',
  '/payment/success',
  '/payment/cancel',
  '/self-disclosure/*',
  '/preparation-process/*',
  '/create-content',
  '/create-content-form',
  '/edit-product/:productCode',
  '/edit-product/:productCode/metadata',
];

/**
 * Whether a path needs a login. The home page needs one only in the investment reading
 * (spec 1/2: the channel says `homeRequiresLogin`).
 */
export function isProtectedPath(pathname: string, opts: { homeRequiresLogin: boolean }): boolean {
  if (matchPath('/', pathname)) return opts.homeRequiresLogin;
  return matchesAny(protectedRoutes, pathname);
}

/**
 * A redirect target that stays on this site: a path starting with one slash. Anything else
 * (`//evil.example`, `https://…`, `/\evil`) falls back to home so a link cannot send users away.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f]/.test(value)) return '/';
  return value;
}

/** spec 2: a logged-out visitor of a protected route goes to /login with the wanted path. */
export function loginPathFor(wanted: string): string {
  const target = safeRedirectPath(wanted);
  return `/login?${new URLSearchParams({ redirectPath: target }).toString()}`;
}

/** spec 2: every navigation hides all notifications, except when the query contains `limit`. */
export function shouldHideNotifications(search: string): boolean {
  return !new URLSearchParams(search).has('limit');
}

/** spec 2: `/?token_value=X` opens the invoices of that order, `/invoices?tokenValue=X`. */
export function homeRedirect(search: string): string | null {
  const token = new URLSearchParams(search).get('token_value');
  if (!token) return null;
  return `/invoices?${new URLSearchParams({ tokenValue: token }).toString()}`;
}

/**
 * spec 2 entry gating for a route the router gates (the investment pages), driven by THE gate
 * function: the API computes the customer's `onboarding` with `onboardingOf`
 * (@token/domain/onboarding) and this decides where that answer sends the customer from `pathname`.
 * - nothing left (`nextRoute` null): no redirect;
 * - already on the target: no redirect, so a gate never loops on its own page;
 * - /contact (more information, once) and /banned: every gated path leads there;
 * - a self-disclosure page: reachable when its step is done (to change it) or current; a step still
 *   to do, or one that does not apply to this customer, leads to `nextRoute`.
 */
export function entryGateRedirect(
  onboarding: Pick<Onboarding, 'nextRoute' | 'steps'> | null | undefined,
  pathname: string,
): string | null {
  const target = onboarding?.nextRoute ?? null;
  if (target === null) return null;
  if (matchPath(target.split('?')[0] ?? target, pathname)) return null;
  const step = onboardingStepOfRoute(pathname);
  if (step !== null && target !== contactRoute && target !== bannedRoute) {
    const state = onboarding?.steps.find((s) => s.step === step)?.state;
    if (state === 'done' || state === 'current') return null;
  }
  return target;
}
