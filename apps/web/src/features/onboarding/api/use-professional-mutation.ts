import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { onboardingKeys } from './keys.ts';

/**
 * A change of a professional request: afterwards the requests and the customer's record (its
 * banner and the professional step depend on the request) are fetched again. The page shows
 * failures itself.
 */
export function useProfessionalMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  const uuid = useSessionState()?.uuid ?? '';
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.professionalRequests }),
        queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
      ]),
    meta: { silentErrors: true },
  });
}
