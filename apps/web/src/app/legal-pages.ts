/** spec 2 legal pages: each shows the CMS page of the same code in the current language. */
export const legalPageCodes = [
  'imprint',
  'privacy-policy',
  'terms-and-conditions',
  'data-protection',
  'legal-indications',
] as const;
