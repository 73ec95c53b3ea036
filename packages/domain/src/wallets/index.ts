/*
 * Wallets (issue 7): the wallet view and input, wallet addresses (viem: `isAddress` + EIP-55) and
 * their display (spec 9: first 5 and last 4 characters).
 */
export { shortenAddress } from '../format/index.ts';
// The crypto registrar status the custody partner reports, for the API until the onboarding topic
// has its own entry point (`@token/domain/onboarding`).
export {
  assertCanTransition,
  canTransition,
  customerLifecycle,
  isRegistrarBanned,
  isStateOf,
  type RegistrarStatus,
  registrarLifecycle,
  registrarStatuses,
} from '../onboarding/states.ts';
export * from './addresses.ts';
export * from './views.ts';
