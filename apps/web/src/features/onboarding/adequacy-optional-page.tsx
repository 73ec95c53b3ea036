import { useLocation } from 'react-router';
import { QuestionnaireStep } from './components/questionnaire-step.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';

/**
 * /self-disclosure/adequacy-optional: whether the investor answers the appropriateness questions
 * (WpHG § 63 (10)): declining gives the "appropriateness cannot be judged" notice, acknowledged
 * before going on; "I am a professional client" leads to the professional classification. The
 * server grades (0 declines, 1 answers, 2 professional) and names the next step.
 */
export function AdequacyOptionalPage() {
  const { pathname } = useLocation();
  const continueOnboarding = useContinueOnboarding();
  return (
    <QuestionnaireStep
      type="optional"
      onDone={() => continueOnboarding({ from: pathname, quietWhenStaying: true })}
    />
  );
}
