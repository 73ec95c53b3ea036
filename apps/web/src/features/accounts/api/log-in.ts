import { useMutation } from '@tanstack/react-query';
import { type Credentials, logIn, logInWithCode } from '../../../lib/session-store.ts';

/**
 * POST authentication-token through the session (lib/session-store.ts), which stores the tokens,
 * or sets the two-factor-required state when the answer is `two_factor_required`.
 */
export function useLogIn() {
  return useMutation({ mutationFn: (input: Credentials) => logIn(input), meta: { silentErrors: true } });
}

/** The second login step: the credentials kept in memory plus a TOTP or recovery code. */
export function useLogInWithCode() {
  return useMutation({ mutationFn: (code: string) => logInWithCode(code), meta: { silentErrors: true } });
}
