import { type EntryGateName, type EntryGateRule, firstEntryGate, matchPath } from '@token/domain/navigation';
import {
  bannedRoute,
  contactRoute,
  effectiveNextRoute,
  isSelfDisclosurePath,
  type OnboardingStatus,
  type OnboardingStep,
  onboardingSteps,
  stepOfPath,
} from '../features/onboarding/onboarding-status.ts';

/**
 * What the gates read: the customer's onboarding as the server computed it (`customer.onboarding`)
 * and whether this follow-up's contact page was already shown (spec 2: "leads once").
 */
export type EntryGateContext = { onboarding: OnboardingStatus; contactShown: boolean };

/**
 * spec 2 entry gating applies to the protected routes of the investment reading: the home dashboard
 * (protected only in that reading), the order process, the wallet, orders, payments, register
 * excerpts and token transfers. The rest of /account/*, /contact, /banned, /login*, legal and public
 * pages are never gated, so a gated customer can always read, fix their data, ask and log out.
 */
export const gatedRoutes: readonly string[] = [
  '/',
  '/order-process/*',
  '/account/wallet',
  '/account/orders',
  '/order-details/:uuid',
  '/account/payments',
  '/account/exerpts',
  '/transfer/:tkn',
];

/** The named gate of each self-disclosure step (`entryGateOrder` of `@token/domain/navigation`). */
const gateOfStep: Record<OnboardingStep, EntryGateName> = {
  company: 'companyData',
  personal: 'personalData',
  pep: 'pep',
  representatives: 'representatives',
  ubo: 'ubo',
  ubo_documents: 'uboDocuments',
  adequacy_optional: 'optionalAdequacy',
  adequacy_professional: 'professional',
  adequacy: 'adequacy',
  adequacy_risk: 'adequacyRisk',
  custody: 'custody',
  kyc: 'kyc',
};

function nextOf(ctx: EntryGateContext): string | null {
  return effectiveNextRoute(ctx.onboarding, { contactShown: ctx.contactShown });
}

const pathOf = (route: string) => route.split(/[?#]/)[0] ?? route;

/**
 * spec 2 entry gating, one rule per named gate. The server already decided which gate applies (its
 * `nextRoute`, computed by the one domain function); each rule recognises its own route there, so
 * the web never re-derives the order.
 */
export const entryGateRules: EntryGateRule<EntryGateContext>[] = [
  {
    name: 'moreInformationNeeded',
    redirectTo: (ctx) => (nextOf(ctx) === contactRoute ? contactRoute : null),
  },
  { name: 'banned', redirectTo: (ctx) => (nextOf(ctx) === bannedRoute ? bannedRoute : null) },
  ...onboardingSteps.map(
    (step): EntryGateRule<EntryGateContext> => ({
      name: gateOfStep[step],
      redirectTo: (ctx) => {
        const next = nextOf(ctx);
        return next !== null && stepOfPath(pathOf(next)) === step ? next : null;
      },
    }),
  ),
];

/**
 * A self-disclosure page the customer may not reach yet (a later step, or a step their account does
 * not have) sends them to where the server says they are; a step done or current stays open, so a
 * customer can go back and correct it. A banned customer fills in nothing.
 */
function selfDisclosureRedirect(pathname: string, ctx: EntryGateContext): string | null {
  const next = nextOf(ctx);
  if (next === bannedRoute) return bannedRoute;
  const step = stepOfPath(pathname);
  const view = step ? ctx.onboarding.steps.find((s) => s.step === step) : undefined;
  if (view && view.state !== 'todo') return null;
  const target = next ?? '/';
  return matchPath(pathOf(target), pathname) ? null : target;
}

/**
 * Where a logged-in customer opening `pathname` (a protected route) must go first, or null: the
 * self-disclosure pages follow their own reachability; the gated routes pass the named gates in the
 * spec's order; every other route is never gated.
 */
export function entryRedirect(pathname: string, ctx: EntryGateContext): string | null {
  if (isSelfDisclosurePath(pathname)) return selfDisclosureRedirect(pathname, ctx);
  if (!gatedRoutes.some((p) => matchPath(p, pathname))) return null;
  return firstEntryGate(entryGateRules, ctx, pathname)?.redirectTo ?? null;
}

/** Whether `pathname` waits for the customer's record before it renders (so it never flashes first). */
export function needsOnboardingStatus(pathname: string): boolean {
  return isSelfDisclosurePath(pathname) || gatedRoutes.some((p) => matchPath(p, pathname));
}
