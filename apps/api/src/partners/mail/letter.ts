import type { Locale } from '@token/domain/i18n';

/** A mail's own words: its subject and the paragraphs between greeting and closing. */
export type MailContent = { subject: string; body: string[] };

/**
 * Every platform mail as one plain-text letter in the customer's language: the greeting with their
 * name, the paragraphs (one blank line apart), and the closing of the platform's team.
 */
export function renderLetter(
  locale: Locale,
  params: { name: string; platform: string },
  content: MailContent,
): { subject: string; text: string } {
  const greeting = locale === 'de' ? `Guten Tag ${params.name},` : `Hello ${params.name},`;
  const closing =
    locale === 'de'
      ? `Mit freundlichen Grüßen\nIhr Team von ${params.platform}`
      : `Kind regards\nThe ${params.platform} team`;
  return {
    subject: content.subject,
    text: [greeting, '', ...content.body.flatMap((l) => [l, '']), closing].join('\n'),
  };
}
