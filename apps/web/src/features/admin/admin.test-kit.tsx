import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import type { ApiCall } from '../../lib/test-api.tsx';
import { storeSessionForTests } from '../../lib/test-session.ts';

/* Tests only: the operator the admin screens' tests are signed in as, and her answers from the API. */

export const operatorUuid = '9d1f5a1e-2b3c-4d5e-8f90-112233445566';

/** The operator as GET admin/me answers it (and as audit entries name their actor). */
export const operator = {
  uuid: operatorUuid,
  fullName: 'Clara Hoffmann',
  email: 'compliance@demo.tokenwerk.example',
};

/** The operator's customer record as GET customers/{uuid} answers it: an admin with two-factor on. */
export function operatorRecord(overrides: Record<string, unknown> = {}) {
  return {
    uuid: operatorUuid,
    email: operator.email,
    firstName: 'Clara',
    lastName: 'Hoffmann',
    fullName: operator.fullName,
    defaultWallet: null,
    status: null,
    cryptoRegistrarStatus: null,
    customerRolesAsString: ['admin'],
    twoFactorEnabled: true,
    ...overrides,
  };
}

/** Answers the two calls every admin screen makes for the signed-in operator; any other call: undefined. */
export function answerOperator(call: ApiCall, record = operatorRecord()): Response | undefined {
  const path = new URL(call.url, 'http://x').pathname;
  if (path === `/api/v2/shop/customers/${operatorUuid}`) return Response.json(record);
  if (path === '/api/v2/admin/me') return Response.json(operator);
  return undefined;
}

/**
 * Signs the operator in, in German, before each test of the calling file, and afterwards unmounts,
 * drops the notifications, the stubbed globals (fetch) and the stored session.
 */
export function setUpOperatorSession(): void {
  beforeEach(async () => {
    localStorage.clear();
    storeSessionForTests({ id: 'sess-op', uuid: operatorUuid, validMs: 10 * 60_000 });
    await i18n.changeLanguage('de');
  });
  afterEach(() => {
    cleanup();
    clearNotifications();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}
