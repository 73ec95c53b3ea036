import { useRequestPasswordReset } from './api/request-password-reset.ts';
import { EmailRequestForm } from './components/email-request-form.tsx';

/** /reset-password (spec 2): mails a link to choose a new password. */
export function ResetPasswordPage() {
  const request = useRequestPasswordReset();
  return <EmailRequestForm texts="resetPassword" send={request.mutateAsync} />;
}
