import { apiRequest } from '../../../lib/api-client.ts';
import { orderPath } from './keys.ts';

/** DELETE orders/{token}: cancels the order in preparation (spec 2: leaving the order process). */
export function deleteOrder(tokenValue: string): Promise<void> {
  return apiRequest<void>(orderPath(tokenValue), { method: 'DELETE', auth: true });
}
