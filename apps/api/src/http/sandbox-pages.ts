import type { Locale } from '@token/domain/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * What every sandbox partner's server-rendered page (card checkout, bank, identification, custody)
 * shares: its language and how it is sent. One place, so the four pages answer alike.
 */

/**
 * The page's language: `?locale=de|en` as everywhere in the API; else the language the partner's
 * session was opened in (`fallback`); else the request's negotiated language (Accept-Language).
 */
export function sandboxPageLocale(request: FastifyRequest, fallback?: string | null): Locale {
  const explicit = (request.query as { locale?: unknown } | undefined)?.locale;
  if (explicit === 'de' || explicit === 'en') return explicit;
  return fallback === 'de' || fallback === 'en' ? fallback : request.locale;
}

/**
 * Sends a sandbox page: never stored, never indexed. With helmet's `no-referrer`, browsers send
 * `Origin: null` with the page's own form posts, which the pages' origin checks refuse; same-origin
 * keeps the origin for this site and hides it elsewhere.
 */
export function sendSandboxPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(html);
}
