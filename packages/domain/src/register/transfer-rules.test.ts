import { describe, expect, it } from 'vitest';
import { professionalInvestorRole } from '../accounts/roles.ts';
import { errorCatalogue, isErrorCode } from '../errors/index.ts';
import { assertCanTransition, canMove } from '../lifecycle/index.ts';
import {
  isTransferOpen,
  parseBeneficiary,
  registrarInstructionLifecycle,
  type TransferRuleInput,
  transferableAmount,
  transferInputSchema,
  transferLifecycle,
  transferRefusal,
  transferRefusals,
} from './index.ts';

/** A transfer every rule allows: 10 of 100 minted tokens to a whitelisted investor who holds some. */
function allowed(): TransferRuleInput {
  return {
    amount: 10,
    sender: {
      holderId: '1',
      twoFactorEnabled: true,
      code: 'valid',
      minted: 100,
      pendingOutgoing: 0,
      disposalRestricted: false,
    },
    receiver: {
      holderId: '2',
      isApproved: true,
      hasWallet: true,
      isWhitelisted: true,
      roles: [],
      holdsBond: true,
    },
    bond: { professionalOnly: false, investorLimit: 149, holders: 149 },
  };
}

type Change = (input: TransferRuleInput) => void;
const receiverOf = (input: TransferRuleInput) => input.receiver!;

describe('transfer rules', () => {
  it('allows a transfer that meets every rule', () => {
    expect(transferRefusal(allowed())).toBeNull();
  });

  const refusals: [string, Change, string][] = [
    [
      'a fraction of a token',
      (i) => {
        i.amount = 1.5;
      },
      'transfer_amount_invalid',
    ],
    [
      'zero tokens',
      (i) => {
        i.amount = 0;
      },
      'transfer_amount_invalid',
    ],
    [
      'a negative amount',
      (i) => {
        i.amount = -3;
      },
      'transfer_amount_invalid',
    ],
    [
      'NaN',
      (i) => {
        i.amount = Number.NaN;
      },
      'transfer_amount_invalid',
    ],
    [
      'to oneself',
      (i) => {
        receiverOf(i).holderId = '1';
      },
      'transfer_to_self',
    ],
    [
      'of a bond the operator paused',
      (i) => {
        i.bond.paused = true;
      },
      'bond_paused',
    ],
    [
      'without two-factor',
      (i) => {
        i.sender.twoFactorEnabled = false;
      },
      'transfer_two_factor_not_enabled',
    ],
    [
      'without a code',
      (i) => {
        i.sender.code = 'missing';
      },
      'two_factor_required',
    ],
    [
      'with a wrong or used code',
      (i) => {
        i.sender.code = 'invalid';
      },
      'two_factor_invalid',
    ],
    [
      'more than minted',
      (i) => {
        i.amount = 101;
      },
      'insufficient_minted_tokens',
    ],
    [
      'minted tokens already in a pending transfer',
      (i) => {
        i.sender.pendingOutgoing = 91;
      },
      'insufficient_minted_tokens',
    ],
    [
      'tokens under a disposal restriction',
      (i) => {
        i.sender.disposalRestricted = true;
      },
      'disposal_restricted',
    ],
    [
      'to nobody known',
      (i) => {
        i.receiver = null;
      },
      'beneficiary_not_whitelisted',
    ],
    [
      'to a receiver not approved',
      (i) => {
        receiverOf(i).isApproved = false;
      },
      'beneficiary_not_whitelisted',
    ],
    [
      'to a receiver without a wallet',
      (i) => {
        receiverOf(i).hasWallet = false;
      },
      'beneficiary_not_whitelisted',
    ],
    [
      'to a receiver off the whitelist',
      (i) => {
        receiverOf(i).isWhitelisted = false;
      },
      'beneficiary_not_whitelisted',
    ],
    [
      'a professional-only bond to a retail investor',
      (i) => {
        i.bond.professionalOnly = true;
      },
      'professional_only_bond',
    ],
    [
      'to a new holder when 149 hold the bond',
      (i) => {
        receiverOf(i).holdsBond = false;
      },
      'transfer_investor_limit_reached',
    ],
  ];

  it.each(refusals)('refuses %s', (_, change, code) => {
    const input = allowed();
    change(input);
    expect(transferRefusal(input)).toBe(code);
  });

  it('declares every refusal in the error catalogue with a 4xx status and both sentences', () => {
    for (const code of transferRefusals) {
      expect(isErrorCode(code), code).toBe(true);
      const entry = errorCatalogue[code];
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(500);
    }
    // The code checks keep the login's codes (the web does not log out on these 401s).
    expect(errorCatalogue.two_factor_required.status).toBe(401);
    expect(errorCatalogue.transfer_two_factor_not_enabled.status).toBe(403);
  });

  it('checks in the documented order: each refusal wins over every later one', () => {
    // All refusal conditions at once, then lifted one by one in order: the answer walks the list.
    const order: [string, Change][] = [
      [
        'transfer_amount_invalid',
        (i) => {
          i.amount = 500;
        },
      ],
      [
        'transfer_to_self',
        (i) => {
          receiverOf(i).holderId = '2';
        },
      ],
      [
        'bond_paused',
        (i) => {
          i.bond.paused = false;
        },
      ],
      [
        'transfer_two_factor_not_enabled',
        (i) => {
          i.sender.twoFactorEnabled = true;
        },
      ],
      [
        'two_factor_required',
        (i) => {
          i.sender.code = 'invalid';
        },
      ],
      [
        'two_factor_invalid',
        (i) => {
          i.sender.code = 'valid';
        },
      ],
      [
        'insufficient_minted_tokens',
        (i) => {
          i.amount = 10;
        },
      ],
      [
        'disposal_restricted',
        (i) => {
          i.sender.disposalRestricted = false;
        },
      ],
      [
        'beneficiary_not_whitelisted',
        (i) => {
          receiverOf(i).isWhitelisted = true;
        },
      ],
      [
        'professional_only_bond',
        (i) => {
          receiverOf(i).roles = [professionalInvestorRole];
        },
      ],
      [
        'transfer_investor_limit_reached',
        (i) => {
          receiverOf(i).holdsBond = true;
        },
      ],
    ];
    const input = allowed();
    Object.assign(input, { amount: 0 });
    Object.assign(input.sender, { twoFactorEnabled: false, code: 'missing', disposalRestricted: true });
    Object.assign(receiverOf(input), { holderId: '1', isWhitelisted: false, holdsBond: false });
    Object.assign(input.bond, { professionalOnly: true, paused: true });
    for (const [code, lift] of order) {
      expect(transferRefusal(input)).toBe(code);
      lift(input);
    }
    expect(transferRefusal(input)).toBeNull();
    expect(order.map(([code]) => code)).toEqual(transferRefusals);
  });

  it('counts a bond without a paused flag as not paused (callers written before the pause)', () => {
    const input = allowed();
    delete input.bond.paused;
    expect(transferRefusal(input)).toBeNull();
    input.bond.paused = false;
    expect(transferRefusal(input)).toBeNull();
  });

  it('skips the code check when no code outcome is given (the web before submitting)', () => {
    const input = allowed();
    delete input.sender.code;
    expect(transferRefusal(input)).toBeNull();
  });

  it('lets a professional investor receive a professional-only bond', () => {
    const input = allowed();
    input.bond.professionalOnly = true;
    receiverOf(input).roles = ['other', professionalInvestorRole];
    expect(transferRefusal(input)).toBeNull();
  });

  it('counts seats: a new holder fits below the limit, or when the sender gives away everything', () => {
    const input = allowed();
    receiverOf(input).holdsBond = false;
    input.bond.holders = 148;
    expect(transferRefusal(input)).toBeNull();
    input.bond.holders = 149;
    input.amount = 100; // the sender leaves, the receiver takes the seat
    expect(transferRefusal(input)).toBeNull();
    input.bond.investorLimit = null;
    input.amount = 10;
    expect(transferRefusal(input)).toBeNull();
  });

  it('transfers at most the minted tokens less those pending', () => {
    expect(transferableAmount({ minted: 100, pendingOutgoing: 30 })).toBe(70);
    expect(transferableAmount({ minted: 10, pendingOutgoing: 30 })).toBe(0);
    const input = allowed();
    input.sender.pendingOutgoing = 90;
    expect(transferRefusal(input)).toBeNull();
  });
});

describe('transfer and registrar-instruction lifecycles', () => {
  it('moves a transfer from pending to one final answer', () => {
    for (const to of ['confirmed', 'refused', 'failed'] as const) {
      expect(canMove(transferLifecycle, 'pending', to)).toBe(true);
      expect(canMove(transferLifecycle, to, 'pending')).toBe(false);
      expect(isTransferOpen(to)).toBe(false);
    }
    expect(isTransferOpen('pending')).toBe(true);
    expect(canMove(transferLifecycle, 'confirmed', 'failed')).toBe(false);
    expect(() => assertCanTransition(transferLifecycle, 'refused', 'confirmed')).toThrow();
  });

  it('moves an instruction from submitted to confirmed or refused, a repeated confirmation being no move', () => {
    expect(canMove(registrarInstructionLifecycle, 'submitted', 'confirmed')).toBe(true);
    expect(canMove(registrarInstructionLifecycle, 'submitted', 'refused')).toBe(true);
    expect(canMove(registrarInstructionLifecycle, 'confirmed', 'refused')).toBe(false);
    expect(() => assertCanTransition(registrarInstructionLifecycle, 'confirmed', 'confirmed')).not.toThrow();
    expect(() => assertCanTransition(registrarInstructionLifecycle, 'refused', 'confirmed')).toThrow();
  });
});

describe('POST token/transfer input', () => {
  const body = {
    fromWalletId: 3,
    productVariant: 'SOLAR-2031',
    amount: 1000,
    beneficiary: 'Anna@Example.org ',
    code: '123456',
  };

  it('takes the spec fields and names the beneficiary by e-mail or wallet address', () => {
    expect(transferInputSchema.parse(body)).toMatchObject({ beneficiary: 'Anna@Example.org' });
    expect(parseBeneficiary('Anna@Example.org ')).toEqual({ type: 'email', email: 'anna@example.org' });
    expect(parseBeneficiary('0x52908400098527886e0f7030069857d2e4169ee7')).toEqual({
      type: 'wallet',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(parseBeneficiary('someone')).toBeNull();
    expect(transferInputSchema.safeParse({ ...body, code: undefined }).success).toBe(true);
    expect(
      transferInputSchema.safeParse({ ...body, productVariant: undefined, product: 'SOLAR' }).success,
    ).toBe(true);
  });

  it.each([
    ['no product nor variant', { productVariant: undefined }, 'productVariant'],
    ['a fraction', { amount: 1.5 }, 'amount'],
    ['zero tokens', { amount: 0 }, 'amount'],
    ['an unknown beneficiary format', { beneficiary: 'not an address' }, 'beneficiary'],
    [
      'a mistyped checksummed address',
      { beneficiary: '0x52908400098527886E0F7030069857D2E4169Ee7' },
      'beneficiary',
    ],
    ['no wallet', { fromWalletId: undefined }, 'fromWalletId'],
    ['an unknown field', { extra: 1 }, ''],
  ])('refuses %s', (_, change, path) => {
    const result = transferInputSchema.safeParse({ ...body, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
