import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import type { QuestionnaireType, QuestionnaireView } from '@token/domain/questionnaires';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { onboardingKeys } from './keys.ts';

/** GET questionnaires/{type}?locale=: the current version in the visitor's language, without scores. */
export function getQuestionnaire(
  type: QuestionnaireType,
  locale: Locale,
  signal?: AbortSignal,
): Promise<QuestionnaireView> {
  return apiRequest<QuestionnaireView>(`/api/v2/shop/questionnaires/${type}?locale=${locale}`, { signal });
}

export function useQuestionnaire(type: QuestionnaireType) {
  const locale = useLocale();
  return useQuery({
    queryKey: onboardingKeys.questionnaire(type, locale),
    queryFn: ({ signal }) => getQuestionnaire(type, locale, signal),
    // a published version never changes; a new one arrives with the next visit
    staleTime: 30 * 60_000,
  });
}
