import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { LegalDocumentTitle } from './legal-document-title.tsx';

const germanSheet = {
  type: 'information_sheet',
  title: 'Wertpapier-Informationsblatt (WIB)',
  locale: 'de',
} as const;
const germanTerms = { type: 'bond_terms', title: 'Anleihebedingungen', locale: 'de' } as const;
const other = { type: 'other', title: 'Gutachten Solarpark', locale: 'de' } as const;
const anyLanguage = { type: 'prospectus', title: 'Prospekt 2031', locale: null } as const;

const textIn = async (
  language: 'de' | 'en',
  document: Parameters<typeof LegalDocumentTitle>[0]['document'],
) => {
  await i18n.changeLanguage(language);
  const { container } = render(<LegalDocumentTitle document={document} />);
  const text = container.textContent;
  cleanup();
  return text;
};

afterEach(cleanup);

// issue 15: English pages showed German titles and did not say the document is German
describe('LegalDocumentTitle', () => {
  it("names a German-only document in the reader's language and says it is in German", async () => {
    expect(await textIn('en', germanSheet)).toBe('Securities information sheet (WIB) (in German)');
    expect(await textIn('en', germanTerms)).toBe('Terms and conditions of the bond (in German)');
    expect(await textIn('en', other)).toBe('Gutachten Solarpark (in German)');
  });

  it("shows the document's own title when it is in the reader's language or in every language", async () => {
    expect(await textIn('de', germanSheet)).toBe('Wertpapier-Informationsblatt (WIB)');
    expect(await textIn('en', anyLanguage)).toBe('Prospekt 2031');
  });

  it('says so in German for an English-only document on a German page', async () => {
    expect(await textIn('de', { type: 'bond_terms', title: 'Terms and conditions', locale: 'en' })).toBe(
      'Anleihebedingungen (auf Englisch)',
    );
  });
});
