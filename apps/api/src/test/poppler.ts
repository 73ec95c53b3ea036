import { existsSync } from 'node:fs';

/**
 * Whether poppler's `pdftotext`/`pdftoppm` are here to read generated PDFs. A developer without them
 * skips those checks; CI never does: `.ci/run` installs poppler-utils, and a CI run without it fails
 * here rather than passing with the PDFs unread.
 */
export const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');

if (!hasPoppler && process.env.CI) {
  throw new Error('poppler-utils (pdftotext, pdftoppm) is missing: CI reads the generated PDFs with it');
}
