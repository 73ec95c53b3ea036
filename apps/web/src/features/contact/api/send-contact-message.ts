import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@token/domain/contact';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/v2/shop/contact: the message reaches the operator's mailbox. */
export function sendContactMessage(input: ContactMessageInput) {
  return apiRequest<{ id: number; createdAt: string }>('/api/v2/shop/contact', {
    method: 'POST',
    body: input,
  });
}

export function useSendContactMessage() {
  // The form shows violations on its fields and other failures itself.
  return useMutation({ mutationFn: sendContactMessage, meta: { silentErrors: true } });
}
