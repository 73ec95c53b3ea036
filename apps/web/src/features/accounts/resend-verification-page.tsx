import { useRequestVerificationMail } from './api/request-verification-mail.ts';
import { EmailRequestForm } from './components/email-request-form.tsx';

/** /resend-verification (spec 2): mails a new link to confirm the address. */
export function ResendVerificationPage() {
  const request = useRequestVerificationMail();
  return <EmailRequestForm texts="resendVerification" send={request.mutateAsync} />;
}
