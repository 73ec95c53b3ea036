import { describe, expect, it } from 'vitest';
import {
  type DocumentFacts,
  isDocumentTooOld,
  missingDocumentPurposes,
  oldestAcceptedIssueDate,
  platformDateOf,
  requiredDocumentPurposes,
} from './index.ts';

describe('documents must not be older than 3 months (spec 5, spec 9)', () => {
  it.each([
    // [issuedAt, today, too old]
    ['2026-03-15', '2026-06-15', false], // exactly three months
    ['2026-03-14', '2026-06-15', true], // one day more
    ['2026-06-15', '2026-06-15', false], // issued today
    ['2026-05-01', '2026-06-15', false],
    ['2026-02-28', '2026-05-31', false], // 31 May - 3 months = 28 Feb (shorter month)
    ['2026-02-27', '2026-05-31', true],
    ['2024-02-29', '2024-05-31', false], // leap year: 29 Feb
    ['2024-02-28', '2024-05-31', true],
    ['2025-10-15', '2026-01-15', false], // across the turn of the year
    ['2025-10-14', '2026-01-15', true],
    ['2026-07-01', '2026-06-15', false], // in the future: not too old (refused elsewhere as date_in_future)
    ['2026-02-30', '2026-06-15', true], // no calendar day: never acceptable
    ['15.03.2026', '2026-06-15', true],
    ['2026-03-15', 'not-a-date', true],
  ] as const)('issued %s, today %s -> too old %s', (issuedAt, today, expected) => {
    expect(isDocumentTooOld(issuedAt, today)).toBe(expected);
  });

  it.each([
    ['2026-06-15', '2026-03-15'],
    ['2026-05-31', '2026-02-28'],
    ['2024-05-31', '2024-02-29'],
    ['2026-01-31', '2025-10-31'],
    ['2026-02-01', '2025-11-01'],
    ['2026-13-01', null],
  ] as const)('oldest accepted issue date on %s is %s', (today, expected) => {
    expect(oldestAcceptedIssueDate(today)).toBe(expected);
  });

  it('takes the calendar day in Berlin, not in UTC', () => {
    // 23:30 UTC on 31 March is already 1 April in Berlin (summer time, UTC+2)
    expect(platformDateOf(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(platformDateOf(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(platformDateOf(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
  });
});

describe('documents complete (spec 5 "Documents complete when …")', () => {
  const doc = (purpose: string, issuedAt = '2026-05-01', uploadedOn = '2026-06-01'): DocumentFacts => ({
    purpose,
    issuedAt,
    uploadedOn,
  });
  const base = [
    doc('commercial_register_excerpt'),
    doc('shareholder_list'),
    doc('shareholder_agreement'),
    doc('transparency_register_excerpt'),
  ];

  it('requires the four documents, plus the power of attorney when authority is needed', () => {
    expect(requiredDocumentPurposes({ authorityNeeded: false })).toEqual([
      'commercial_register_excerpt',
      'shareholder_list',
      'shareholder_agreement',
      'transparency_register_excerpt',
    ]);
    expect(requiredDocumentPurposes({ authorityNeeded: true })).toContain('proof_of_power_of_attorney');
  });

  it.each([
    ['all four, no authority needed', base, false, []],
    ['all four, authority needed', base, true, ['proof_of_power_of_attorney']],
    ['all five, authority needed', [...base, doc('proof_of_power_of_attorney')], true, []],
    [
      'none',
      [],
      false,
      [
        'commercial_register_excerpt',
        'shareholder_list',
        'shareholder_agreement',
        'transparency_register_excerpt',
      ],
    ],
    [
      'shareholder list missing',
      base.filter((d) => d.purpose !== 'shareholder_list'),
      false,
      ['shareholder_list'],
    ],
    [
      'the only excerpt was older than 3 months when uploaded',
      [...base.slice(1), doc('commercial_register_excerpt', '2026-02-01', '2026-06-01')],
      false,
      ['commercial_register_excerpt'],
    ],
    [
      'an old excerpt and a valid one',
      [...base, doc('commercial_register_excerpt', '2025-01-01', '2026-06-01')],
      false,
      [],
    ],
    [
      'judged on the day of upload, not today: uploaded fresh a year ago',
      [...base.slice(1), doc('commercial_register_excerpt', '2025-05-01', '2025-06-01')],
      false,
      [],
    ],
  ] as const)('%s -> missing %j', (_name, documents, authorityNeeded, missing) => {
    expect(missingDocumentPurposes(documents, { authorityNeeded })).toEqual(missing);
  });
});
