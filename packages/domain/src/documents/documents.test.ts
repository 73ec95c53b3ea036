import { describe, expect, it } from 'vitest';
import { fieldViolationsOf } from '../errors/index.ts';
import {
  documentDateViolation,
  documentFileName,
  documentPurposeLabels,
  documentPurposes,
  documentPurposesByType,
  documentScopeOf,
  documentTypeLabels,
  documentTypes,
  documentUploadFieldsSchema,
  isAllowedDocumentMediaType,
  isDocumentTooOld,
  maxDocumentAgeMonths,
  maxDocumentBytes,
  maxDocumentsPerPurpose,
  oldestDocumentIssueDate,
} from './index.ts';

describe('limits (spec 5, spec 9)', () => {
  it('allows PDFs of at most 20 MB, three per purpose, not older than 3 months', () => {
    expect(maxDocumentBytes).toBe(20_000_000);
    expect(maxDocumentsPerPurpose).toBe(3);
    expect(maxDocumentAgeMonths).toBe(3);
    expect(isAllowedDocumentMediaType('application/pdf')).toBe(true);
    for (const other of ['text/plain', 'image/png', 'application/x-pdf', '', null, undefined]) {
      expect(isAllowedDocumentMediaType(other)).toBe(false);
    }
  });

  it('names every type and purpose in German and English', () => {
    for (const p of documentPurposes) {
      expect(documentPurposeLabels[p].de.length).toBeGreaterThan(3);
      expect(documentPurposeLabels[p].en.length).toBeGreaterThan(3);
    }
    for (const t of documentTypes) expect(documentTypeLabels[t].de).not.toBe(documentTypeLabels[t].en);
  });

  it('files a company account’s documents under the company', () => {
    expect(documentScopeOf('company')).toBe('company');
    expect(documentScopeOf('personal')).toBe('customer');
  });
});

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
  ] as const)('oldest accepted issue date on %s is %s', (today, expected) => {
    expect(oldestDocumentIssueDate(today)).toBe(expected);
  });
});

describe('document date (spec 5: not older than 3 months)', () => {
  const today = '2025-05-31';
  it.each([
    ['2025-05-31', null],
    ['2025-02-28', null],
    ['2025-02-27', 'document_too_old'],
    ['2025-01-31', 'document_too_old'],
    ['2025-06-01', 'date_in_future'],
  ])('issued %s, uploaded %s', (issuedAt, expected) => {
    expect(documentDateViolation(issuedAt, today)).toBe(expected);
  });

  it('accepts the day exactly three months back and nothing before', () => {
    expect(oldestDocumentIssueDate('2025-08-15')).toBe('2025-05-15');
    expect(documentDateViolation('2025-05-15', '2025-08-15')).toBeNull();
    expect(documentDateViolation('2025-05-14', '2025-08-15')).toBe('document_too_old');
  });
});

describe('upload fields', () => {
  const today = '2025-05-31';
  const schema = documentUploadFieldsSchema(today);
  const violationsOf = (input: Record<string, unknown>) => {
    const r = schema.safeParse(input);
    return r.success
      ? []
      : fieldViolationsOf(r.error.issues, input).map((v) => `${v.propertyPath}:${v.code}`);
  };

  it('takes a type, a purpose of that type and the document date', () => {
    expect(schema.parse({ type: 'ubo', purpose: 'shareholder_list', issuedAt: ' 2025-04-01 ' })).toEqual({
      type: 'ubo',
      purpose: 'shareholder_list',
      issuedAt: '2025-04-01',
    });
    expect(
      violationsOf({ type: 'registry_excerpt', purpose: 'commercial_register_excerpt', issuedAt: today }),
    ).toEqual([]);
  });

  it.each([
    [{ purpose: 'shareholder_list', issuedAt: '2025-04-01' }, ['type:must_be_selected']],
    [{ type: '', purpose: 'shareholder_list', issuedAt: '2025-04-01' }, ['type:must_be_selected']],
    [{ type: 'passport', purpose: 'shareholder_list', issuedAt: '2025-04-01' }, ['type:invalid_value']],
    [{ type: 'ubo', purpose: 'selfie', issuedAt: '2025-04-01' }, ['purpose:invalid_value']],
    [
      { type: 'registry_excerpt', purpose: 'shareholder_list', issuedAt: '2025-04-01' },
      ['purpose:invalid_value'],
    ],
    [{ type: 'ubo', purpose: 'shareholder_list', issuedAt: '' }, ['issuedAt:required']],
    [{ type: 'ubo', purpose: 'shareholder_list' }, ['issuedAt:required']],
    [{ type: 'ubo', purpose: 'shareholder_list', issuedAt: '31.03.2025' }, ['issuedAt:invalid_value']],
    [{ type: 'ubo', purpose: 'shareholder_list', issuedAt: '2025-02-30' }, ['issuedAt:invalid_value']],
    [{ type: 'ubo', purpose: 'shareholder_list', issuedAt: '2025-01-30' }, ['issuedAt:document_too_old']],
    [{ type: 'ubo', purpose: 'shareholder_list', issuedAt: '2025-06-01' }, ['issuedAt:date_in_future']],
    [
      { type: 'ubo', purpose: 'shareholder_list', issuedAt: '2025-04-01', owner: 'someone' },
      ['owner:unknown_parameter'],
    ],
  ])('refuses %j', (input, expected) => {
    expect(violationsOf(input)).toEqual(expected);
  });

  it('lets a UBO document carry every purpose and a register excerpt only the two registers', () => {
    expect(documentPurposesByType.ubo).toEqual(documentPurposes);
    expect(documentPurposesByType.registry_excerpt).toEqual([
      'commercial_register_excerpt',
      'transparency_register_excerpt',
    ]);
  });
});

describe('documentFileName', () => {
  it.each([
    ['Handelsregisterauszug.pdf', 'Handelsregisterauszug.pdf'],
    ['C:\\Users\\erika\\Gesellschafterliste 2025.PDF', 'Gesellschafterliste 2025.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['"evil"\r\nSet-Cookie: x.pdf', 'evilSet-Cookie x.pdf'],
    ['...hidden.pdf', 'hidden.pdf'],
    ['', 'document.pdf'],
    [null, 'document.pdf'],
    ['Übersicht – Gesellschafter.pdf', 'Übersicht – Gesellschafter.pdf'],
  ])('%j -> %j', (sent, expected) => {
    expect(documentFileName(sent)).toBe(expected);
  });

  it('caps the name at 200 characters', () => {
    const name = documentFileName(`${'a'.repeat(500)}.pdf`);
    expect(name.length).toBe(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
