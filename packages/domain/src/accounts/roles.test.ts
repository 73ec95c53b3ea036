import { describe, expect, it } from 'vitest';
import { isOperator, isProfessionalInvestor } from './roles.ts';

describe('roles (spec 6 customerRolesAsString)', () => {
  it.each([
    [['professional_investor'], true, false],
    [['admin'], false, true],
    [['admin', 'professional_investor'], true, true],
    [[], false, false],
    [['professional'], false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%j: professional %s, operator %s', (roles, professional, operator) => {
    expect(isProfessionalInvestor(roles)).toBe(professional);
    expect(isOperator(roles)).toBe(operator);
  });
});
