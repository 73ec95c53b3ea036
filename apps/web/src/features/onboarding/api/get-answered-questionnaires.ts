import { useQuery } from '@tanstack/react-query';
import type { AnsweredQuestionnaireResource } from '@token/domain/questionnaires';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';
import { onboardingKeys } from './keys.ts';

/** GET answered-questionnaires?customer.uuid=: the customer's current answers, newest first. */
export function getAnsweredQuestionnaires(
  uuid: string,
  signal?: AbortSignal,
): Promise<AnsweredQuestionnaireResource[]> {
  return apiRequest<AnsweredQuestionnaireResource[]>(
    `/api/v2/shop/answered-questionnaires?customer.uuid=${encodeURIComponent(uuid)}&itemsPerPage=100`,
    { auth: true, signal },
  );
}

/**
 * The current answers of the logged-in customer (one per type: a new answer replaces the previous).
 * spec 9: the survey cache is 2 seconds inside the self-disclosure.
 */
export function useAnsweredQuestionnaires() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: onboardingKeys.answers,
    queryFn: ({ signal }) => getAnsweredQuestionnaires(uuid, signal),
    enabled: uuid !== '',
    staleTime: 2_000,
  });
}
