import { isQuestionnairePassed } from '../questionnaires/index.ts';

/**
 * The appropriateness checks of spec 4 (WpHG § 63 (10)) as the onboarding contract states them:
 * adequacy, risk and professional, read from the customer's answered questionnaires (the latest
 * one of each type that was not deleted) and the professional role. Grading itself is the
 * questionnaires' business; these rules read grades and results.
 */

/** spec 9: risk grade threshold 7; a WpHG survey with a grade above it is appropriate. */
export const riskGradeThreshold = 7;

/** The `optional` questionnaire's grades (contract): 0 declines, 1 will answer, 2 states to be professional. */
export const optionalAdequacyGrades = { declines: 0, willAnswer: 1, professional: 2 } as const;

/** The two WpHG § 63 (10) surveys (contract): "two wphg surveys exist" = both answered. */
export const wphgSurveyTypes = ['wphg_bonds', 'wphg_crypto'] as const;
export type WphgSurveyType = (typeof wphgSurveyTypes)[number];

/** What the adequacy rules read. */
export type AdequacyFacts = {
  /** Grade of the `optional` questionnaire; null when not answered. */
  optionalGrade: number | null;
  /** Grades of the two surveys; null when not answered. */
  surveyGrades: Readonly<Record<WphgSurveyType, number | null>>;
  /** Whether a `risk` questionnaire was answered at all, and whether it passed. */
  riskAnswered: boolean;
  riskPassed: boolean;
  /** spec 6: the customer has the role `professional_investor`. */
  isProfessional: boolean;
};

/** Whether a stored `risk` questionnaire result means passed (the questionnaires' grading decides). */
export function isRiskQuestionnairePassed(result: string | null | undefined): boolean {
  return result != null && isQuestionnairePassed({ type: 'risk', result });
}

const surveyGradesOf = (f: AdequacyFacts) => wphgSurveyTypes.map((t) => f.surveyGrades[t]);

/** Both WpHG surveys were answered. */
export function hasBothSurveys(f: AdequacyFacts): boolean {
  return surveyGradesOf(f).every((g) => g !== null);
}

/** Both WpHG surveys were answered with a grade above the threshold (contract: "grades above 7"). */
export function surveysAppropriate(f: AdequacyFacts): boolean {
  return surveyGradesOf(f).every((g) => g !== null && g > riskGradeThreshold);
}

/** spec 4: adequacy passes if the risk test passed, the user is a professional, or the two surveys (above 7) exist. */
export function isAdequacyPassed(f: AdequacyFacts): boolean {
  return f.riskPassed || f.isProfessional || surveysAppropriate(f);
}

/**
 * spec 4: the risk check fails if there is no test at all, or the optional result is 0 and there
 * are no surveys, or a survey with grade at most 7 exists, each time without a passed risk test or
 * professional status (a passed risk test is what the risk page is for).
 */
export function isRiskCheckFailed(f: AdequacyFacts): boolean {
  if (f.riskPassed || f.isProfessional) return false;
  const grades = surveyGradesOf(f);
  const noSurveys = grades.every((g) => g === null);
  const noTestAtAll = f.optionalGrade === null && noSurveys && !f.riskAnswered;
  const declinedWithoutSurveys = f.optionalGrade === optionalAdequacyGrades.declines && noSurveys;
  const warnedSurvey = grades.some((g) => g !== null && g <= riskGradeThreshold);
  return noTestAtAll || declinedWithoutSurveys || warnedSurvey;
}

/** spec 4: the professional check fails if the optional result is 2 and the user is not professional. */
export function isProfessionalCheckFailed(f: AdequacyFacts): boolean {
  return f.optionalGrade === optionalAdequacyGrades.professional && !f.isProfessional;
}

/** spec 4 / spec 9: check results are cached for 5 minutes, then checked again. */
export const checkCacheMilliseconds = 5 * 60 * 1000;

/** A check result and when it was computed. */
export type CachedCheck<T> = { value: T; computedAt: number };

/** Whether a result computed at `computedAt` may still be used at `now`: until computedAt + 5 minutes. */
export function isCachedCheckFresh(computedAt: number | Date, now: number | Date): boolean {
  const at = typeof computedAt === 'number' ? computedAt : computedAt.getTime();
  const current = typeof now === 'number' ? now : now.getTime();
  return current >= at && current < at + checkCacheMilliseconds;
}

/**
 * spec 4 "check results are cached and rechecked after 5 minutes": the cached result while it is
 * fresh, else a new one computed now. A clock that went backwards recomputes too.
 */
export function cachedCheck<T>(
  cache: CachedCheck<T> | null,
  now: number | Date,
  compute: () => T,
): CachedCheck<T> {
  const current = typeof now === 'number' ? now : now.getTime();
  if (cache && isCachedCheckFresh(cache.computedAt, current)) return cache;
  return { value: compute(), computedAt: current };
}
