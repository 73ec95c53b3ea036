import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnsweredQuestionnaireResource, AnswerQuestionnaireInput } from '@token/domain/questionnaires';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { onboardingKeys } from './keys.ts';

/**
 * POST answered-questionnaires {type, answers, acknowledgeWarnings?}: the server grades the answers
 * by the current version and answers grade, result and the warnings to show (never sent by us).
 */
export function answerQuestionnaire(input: AnswerQuestionnaireInput): Promise<AnsweredQuestionnaireResource> {
  return apiRequest<AnsweredQuestionnaireResource>('/api/v2/shop/answered-questionnaires', {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** Answers change the customer's onboarding (adequacy steps): both are fetched again. */
export function useAnswerQuestionnaire() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuestionnaire,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.answers }),
        queryClient.invalidateQueries({ queryKey: accountKeys.customer(uuid) }),
      ]),
    meta: { silentErrors: true },
  });
}
