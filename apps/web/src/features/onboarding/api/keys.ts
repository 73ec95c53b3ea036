import type { Locale } from '@token/domain/i18n';
import type { QuestionnaireType } from '@token/domain/questionnaires';
import type { AddressKind, DocumentType } from '../types.ts';

/** Query keys of the self-disclosure's data; mutations invalidate the keys they change. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  address: (kind: AddressKind) => ['onboarding', 'address', kind] as const,
  uboUsers: ['onboarding', 'ubo-users'] as const,
  documents: ['onboarding', 'documents'] as const,
  documentsOf: (scope: 'customer' | 'company', type: DocumentType) =>
    ['onboarding', 'documents', scope, type] as const,
  questionnaire: (type: QuestionnaireType, locale: Locale) => ['questionnaire', type, locale] as const,
  answers: ['onboarding', 'answered-questionnaires'] as const,
  professionalRequests: ['onboarding', 'professional-requests'] as const,
};
