import { describe, expect, it } from 'vitest';
import { fieldViolationsOf } from '../errors/index.ts';
import {
  createWalletInputSchema,
  isChecksumAddress,
  isWalletAddress,
  shortenAddress,
  toChecksumAddress,
  walletAddressSchema,
} from './index.ts';

// EIP-55's own test vectors (mixed case, all caps, all lower case).
const checksummed = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
];

describe('isWalletAddress (spec 5 valid wallet address)', () => {
  it.each(checksummed)('accepts the EIP-55 address %s', (address) => {
    expect(isWalletAddress(address)).toBe(true);
    expect(isChecksumAddress(address)).toBe(true);
  });

  it.each([
    // EIP-55 vectors whose checksum has no letters in upper case.
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ])('accepts %s, checksummed in all lower case', (address) => {
    expect(isChecksumAddress(address)).toBe(true);
  });

  it('accepts an address typed in all lower case (no checksum to check), not as the stored form', () => {
    const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    expect(isWalletAddress(lower)).toBe(true);
    expect(isChecksumAddress(lower)).toBe(false);
  });

  it.each([
    ['one letter in the wrong case (checksum broken)', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['another broken checksum', '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['39 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['41 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0'],
    ['a non-hex digit', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['no 0x prefix', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['surrounding space', ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['an ENS name', 'vitalik.eth'],
    ['empty', ''],
    ['a number', 42],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(isWalletAddress(value)).toBe(false);
    expect(isChecksumAddress(value)).toBe(false);
  });

  it('checksums a lower-case address and refuses an invalid one', () => {
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(checksummed[0]);
    expect(() => toChecksumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toThrow();
  });
});

describe('walletAddressSchema', () => {
  it('trims and stores the checksummed form', () => {
    expect(walletAddressSchema.parse('  0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed ')).toBe(checksummed[0]);
  });
  it('reports a broken checksum as invalid_wallet_address', () => {
    const input = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
    const result = walletAddressSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldViolationsOf(result.error!.issues, input).map((v) => v.code)).toEqual([
      'invalid_wallet_address',
    ]);
  });
});

describe('shortenAddress (spec 9: first 5 and last 4 characters)', () => {
  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aA…eAed'],
    ['0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', '0xD12…9aDb'],
    ['0x12345678', '0x12345678'],
  ])('%s -> %s', (address, short) => {
    expect(shortenAddress(address)).toBe(short);
  });
});

describe('createWalletInputSchema (POST wallets)', () => {
  it('defaults defaultWallet to true and trims the name', () => {
    expect(createWalletInputSchema.parse({ type: 'custody', name: '  Mein Wallet ' })).toEqual({
      type: 'custody',
      defaultWallet: true,
      name: 'Mein Wallet',
    });
  });
  it.each([
    ['an unknown type', { type: 'metamask' }, 'type', 'invalid_value'],
    ['no type', {}, 'type', 'must_be_selected'],
    ['a blank name', { type: 'custody', name: '   ' }, 'name', 'required'],
    ['a long name', { type: 'custody', name: 'x'.repeat(101) }, 'name', 'too_long'],
    ['an unknown field', { type: 'custody', address: '0x' }, 'address', 'unknown_parameter'],
  ])('refuses %s', (_, input, propertyPath, code) => {
    const result = createWalletInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldViolationsOf(result.error!.issues, input)).toEqual([
      expect.objectContaining({ propertyPath, code }),
    ]);
  });
});
