import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnsweredQuestionnaireResource } from '@token/domain/questionnaires';
import { apiRequest } from '../../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

/**
 * PATCH answered-questionnaires/{id} {acknowledgeWarnings: true}: the investor took note of the
 * warning the answers gave and proceeds anyway (WpHG § 63 (10): the choice is recorded).
 */
export function acknowledgeWarnings(id: number): Promise<AnsweredQuestionnaireResource> {
  return apiRequest<AnsweredQuestionnaireResource>(`/api/v2/shop/answered-questionnaires/${id}`, {
    method: 'PATCH',
    body: { acknowledgeWarnings: true },
    auth: true,
  });
}

export function useAcknowledgeWarnings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeWarnings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.answers }),
    meta: { silentErrors: true },
  });
}
