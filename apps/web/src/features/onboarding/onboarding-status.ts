import { onSessionEnd } from '../../lib/session-store.ts';

/*
 * The customer's onboarding as the API computes it (`customer.onboarding`, contract "Customer record
 * additions"): the next route, the steps of the progress indicator, whether the customer may buy, the
 * banner. The server derives all of it with the one domain function (`@token/domain/onboarding`);
 * the web only reads it and never re-derives the order.
 *
 * The types below mirror the contract until `@token/domain/onboarding` exports its view schema; the
 * lead switches them then (convention 6: no hand-written twin types).
 */

/** Contract: the self-disclosure steps, each with the route `/self-disclosure/<step with - for _>`. */
export const onboardingSteps = [
  'company',
  'personal',
  'pep',
  'representatives',
  'ubo',
  'ubo_documents',
  'adequacy_optional',
  'adequacy_professional',
  'adequacy',
  'adequacy_risk',
  'custody',
  'kyc',
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];
export type OnboardingStepState = 'done' | 'current' | 'todo';
export type OnboardingStepView = { step: OnboardingStep; route: string; state: OnboardingStepState };
export type OnboardingBanner = 'kyc_start' | 'not_approved' | 'more_information' | 'welcome';

export type OnboardingStatus = {
  /** e.g. '/self-disclosure/pep', '/contact' (more information needed), '/banned'; null when nothing is left. */
  nextRoute: string | null;
  steps: OnboardingStepView[];
  mayBuy: boolean;
  banner: OnboardingBanner | null;
};

export const selfDisclosureBase = '/self-disclosure';
export const contactRoute = '/contact';
export const bannedRoute = '/banned';

/** The page of a step: `ubo_documents` -> `/self-disclosure/ubo-documents`. */
export function routeOfStep(step: OnboardingStep): string {
  return `${selfDisclosureBase}/${step.replace(/_/g, '-')}`;
}

function isStep(value: unknown): value is OnboardingStep {
  return typeof value === 'string' && (onboardingSteps as readonly string[]).includes(value);
}

/** The step whose page `pathname` is (trailing slash ignored), or null for any other path. */
export function stepOfPath(pathname: string): OnboardingStep | null {
  const clean = pathname.replace(/\/+$/, '');
  if (!clean.startsWith(`${selfDisclosureBase}/`)) return null;
  const step = clean.slice(selfDisclosureBase.length + 1).replace(/-/g, '_');
  return isStep(step) ? step : null;
}

/** Whether a path lies inside the self-disclosure (a known step page or not). */
export function isSelfDisclosurePath(pathname: string): boolean {
  return pathname === selfDisclosureBase || pathname.startsWith(`${selfDisclosureBase}/`);
}

const stepStates = new Set<unknown>(['done', 'current', 'todo']);

/**
 * The `onboarding` part of a customer record, or null when the record has none (an API that does
 * not send it yet). API answers are typed, not parsed (decision 004); this only checks the shape the
 * gate relies on, so a missing or partial object never sends anyone anywhere.
 */
export function onboardingOf(record: unknown): OnboardingStatus | null {
  if (record === null || typeof record !== 'object') return null;
  const o = (record as { onboarding?: unknown }).onboarding;
  if (o === null || typeof o !== 'object') return null;
  const { nextRoute, steps, mayBuy, banner } = o as Record<string, unknown>;
  if (nextRoute !== null && (typeof nextRoute !== 'string' || !nextRoute.startsWith('/'))) return null;
  if (!Array.isArray(steps)) return null;
  const cleanSteps = steps.filter(
    (s): s is OnboardingStepView =>
      s !== null &&
      typeof s === 'object' &&
      isStep((s as OnboardingStepView).step) &&
      typeof (s as OnboardingStepView).route === 'string' &&
      stepStates.has((s as OnboardingStepView).state),
  );
  return {
    nextRoute,
    steps: cleanSteps,
    mayBuy: mayBuy === true,
    banner: typeof banner === 'string' ? (banner as OnboardingBanner) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// spec 2: "more-information-needed leads ONCE to the contact page". The server remembers it too
// (`followUpSeenAt`); the web remembers for the session, per follow-up, so a server that keeps
// answering '/contact' never holds the customer there.

const contactShownKey = 'onboarding.followUpContactShown';
let contactShown: Set<string> | null = null;

function shownSet(): Set<string> {
  if (contactShown) return contactShown;
  try {
    const raw = sessionStorage.getItem(contactShownKey);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    contactShown = new Set(Array.isArray(list) ? list.filter((v) => typeof v === 'string') : []);
  } catch {
    contactShown = new Set();
  }
  return contactShown;
}

/** One follow-up: the customer and the follow-up's message (a new request leads to the contact page again). */
export function followUpKeyOf(record: unknown): string {
  const r = (record ?? {}) as { uuid?: unknown; followUpMessage?: unknown };
  return `${String(r.uuid ?? '')}:${typeof r.followUpMessage === 'string' ? r.followUpMessage : ''}`;
}

export function wasFollowUpContactShown(key: string): boolean {
  return shownSet().has(key);
}

export function markFollowUpContactShown(key: string): void {
  const set = shownSet();
  if (set.has(key)) return;
  set.add(key);
  try {
    sessionStorage.setItem(contactShownKey, JSON.stringify([...set]));
  } catch {
    // remembered in memory for this tab
  }
}

/** Forgets the marks (on logout: spec 4 "cleanup on logout"; tests). */
export function forgetFollowUpContacts(): void {
  contactShown = new Set();
  try {
    sessionStorage.removeItem(contactShownKey);
  } catch {
    // nothing stored
  }
}
onSessionEnd(forgetFollowUpContacts);

/**
 * Where the customer goes next: the server's `nextRoute`, except that a more-information-needed
 * '/contact' already shown once gives way to the first step not yet done.
 */
export function effectiveNextRoute(status: OnboardingStatus, opts: { contactShown: boolean }): string | null {
  if (status.nextRoute === contactRoute && opts.contactShown) {
    return status.steps.find((s) => s.state !== 'done')?.route ?? null;
  }
  return status.nextRoute;
}
