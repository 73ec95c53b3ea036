import type { Locale } from '@token/domain/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types.ts';

/*
 * What every sandbox partner's server-rendered page (card checkout, bank, identification, custody)
 * shares: its language, escaping, how it is sent, how its form posts are read and whose posts are
 * refused. One place, so the four pages answer alike.
 */

/** Text or an attribute value made safe for the pages' HTML. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Reads the pages' form posts (`application/x-www-form-urlencoded`, up to 16 KiB) as a flat object, in this plugin. */
export function acceptSandboxForms(app: App): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/**
 * Whether a form post names an origin other than PUBLIC_URL's (`publicOrigin`) or the address it was
 * sent to: refused (CSRF). A post without an Origin header passes; each form also carries a token.
 */
export function isForeignOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

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
