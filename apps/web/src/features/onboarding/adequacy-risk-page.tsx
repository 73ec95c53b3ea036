import { useLocation } from 'react-router';
import { QuestionnaireStep } from './components/questionnaire-step.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';

/**
 * /self-disclosure/adequacy-risk: the risk statements an investor confirms after the standardised
 * warning or after declining the appropriateness test (WpHG § 63 (10): the investor may proceed, the
 * choice is recorded). Passing needs every statement confirmed; otherwise the server's notice says
 * why and the statements can be answered again.
 */
export function AdequacyRiskPage() {
  const { pathname } = useLocation();
  const continueOnboarding = useContinueOnboarding();
  return (
    <QuestionnaireStep
      type="risk"
      canAcknowledge={false}
      onDone={() => continueOnboarding({ from: pathname, quietWhenStaying: true })}
    />
  );
}
