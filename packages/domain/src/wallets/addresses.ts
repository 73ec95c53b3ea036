import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';

/** An Ethereum address as `0x` and 40 hex digits. */
export type WalletAddress = `0x${string}`;

/**
 * spec 5 'valid wallet address': `0x` and 40 hex digits (viem `isAddress`), and, when written in
 * mixed case, a correct EIP-55 checksum, so a mistyped character in a checksummed address is caught.
 * All lower case carries no checksum and is accepted as such.
 */
export function isWalletAddress(value: unknown): value is WalletAddress {
  return typeof value === 'string' && isAddress(value, { strict: true });
}

/** Whether the address is written exactly in its EIP-55 checksummed form (how the platform stores it). */
export function isChecksumAddress(value: unknown): value is WalletAddress {
  return isWalletAddress(value) && getAddress(value) === value;
}

/** The EIP-55 checksummed form of a valid address; throws for anything else. */
export function toChecksumAddress(address: string): WalletAddress {
  if (!isWalletAddress(address)) throw new Error('not a valid wallet address');
  return getAddress(address);
}

/** A wallet address field: trimmed, checked (violation `invalid_wallet_address`), stored checksummed. */
export const walletAddressSchema = z
  .string()
  .trim()
  .max(42)
  .refine(isWalletAddress, violation('invalid_wallet_address'))
  .transform((v) => getAddress(v));
