import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';
import { useSessionState } from '../../../lib/session.tsx';

export type TwoFactorEnrolment = {
  /** The QR code as a data-URL PNG. */
  qrCodeFormat: string;
  /** The same secret as Base32 text, for typing into an authenticator app. */
  secret: string;
  otpauthUri: string;
};

/** GET customers/{uuid}/2fa/qr-code: a new secret, active only once a code from it is confirmed. */
export function getTwoFactorQrCode(uuid: string, signal?: AbortSignal): Promise<TwoFactorEnrolment> {
  return apiRequest(`/api/v2/shop/customers/${encodeURIComponent(uuid)}/2fa/qr-code`, { auth: true, signal });
}

/** Each visit of the set-up shows a new secret; it is never cached beyond the page. */
export function useTwoFactorQrCode(enabled: boolean) {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: accountKeys.twoFactorEnrolment(uuid),
    queryFn: ({ signal }) => getTwoFactorQrCode(uuid, signal),
    enabled: enabled && uuid !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
