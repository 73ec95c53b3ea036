import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { onboardingKeys } from './keys.ts';

/**
 * A change of the company's persons: afterwards the list and the customer's record (its onboarding
 * steps depend on the persons) are fetched again. The page shows failures itself.
 */
export function useUboMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  const uuid = useSessionState()?.uuid ?? '';
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.uboUsers }),
        queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
      ]),
    meta: { silentErrors: true },
  });
}
