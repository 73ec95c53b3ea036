import { describe, expect, it } from 'vitest';
import { type DocumentFacts, missingDocumentPurposes, requiredDocumentPurposes } from './index.ts';

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
