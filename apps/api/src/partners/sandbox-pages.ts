import type { Locale } from '@token/domain/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types.ts';

/*
 * What every sandbox partner's server-rendered page (card checkout, bank, identification, custody)
 * shares: its HTML frame and stylesheet, its language, escaping, how it is sent, how its form posts
 * are read and whose posts are refused. One place, so the pages look and answer alike; a partner's
 * own folder (`partners/<partner>/sandbox/`) holds only its texts and its forms.
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

/*
 * One stylesheet for every sandbox page: plain CSS, no script needed (the app's CSP holds); a page
 * uses the classes it needs (`notice`, `ok`/`sent`, `error`, `hint`, `actions`, `danger`, `mono`...).
 */
const css = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f1f5f9;color:#0f172a;line-height:1.5}
main{max-width:48rem;margin:0 auto;padding:1rem}
header{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap}
h1{font-size:1.35rem;margin:.5rem 0}
h2{font-size:1.1rem;margin:0 0 .5rem}
.lang a{color:#0369a1;margin-left:.5rem}
.notice{background:#fef3c7;border:1px solid #f59e0b;border-radius:.5rem;padding:.6rem .8rem;font-size:.9rem}
.ok,.sent{background:#dcfce7;border:1px solid #16a34a;border-radius:.5rem;padding:.6rem .8rem}
.error{background:#fee2e2;border:1px solid #b91c1c;border-radius:.5rem;padding:.6rem .8rem}
.status{font-weight:600}
section{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.25rem 1rem;margin:0}
dt{color:#475569}dd{margin:0;font-weight:500;overflow-wrap:anywhere}
.hint{color:#475569;font-size:.875rem;margin:.25rem 0 .75rem}
.mono{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
.amount{font-size:1.6rem;font-weight:700}
.code{font-family:ui-monospace,monospace;font-size:1.4rem;letter-spacing:.2em;background:#e0f2fe;padding:.2rem .5rem;border-radius:.25rem}
.actions{display:grid;gap:.5rem}
button{font:inherit;border-radius:.5rem;border:1px solid #0f172a;background:#0f172a;color:#fff;padding:.55rem .9rem;cursor:pointer;text-align:left;width:100%}
button:hover,button:focus-visible{background:#1e293b;outline:2px solid #38bdf8;outline-offset:2px}
button.secondary{background:#fff;color:#0f172a}
button.danger{background:#b91c1c;border-color:#b91c1c}
button small{display:block;font-size:.8rem;opacity:.85;font-weight:400}
label{display:block;font-size:.875rem;color:#334155;margin-top:.5rem}
input,select,textarea{font:inherit;width:100%;padding:.45rem .6rem;border:1px solid #94a3b8;border-radius:.375rem;margin-top:.15rem;background:#fff}
textarea{min-height:4rem}
fieldset{border:1px dashed #94a3b8;border-radius:.5rem;padding:.75rem;margin:.5rem 0 0}
legend{font-weight:600;padding:0 .25rem}
.table-wrap{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:.875rem}
td small{overflow-wrap:anywhere}
th,td{text-align:left;padding:.35rem .4rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
ul.plain{padding-left:1.2rem}ul.plain li{margin:.25rem 0}
a{color:#0369a1}
a.back{display:inline-block;margin-top:.5rem}
@media (min-width:40rem){.actions{grid-template-columns:1fr 1fr}}
@media (max-width:32rem){dl{grid-template-columns:1fr;gap:.1rem}dd{margin-bottom:.5rem}}
`;

/** The links to the page in the other language (the current one shown, not linked). */
function languageLinks(path: string, locale: Locale): string {
  return (['de', 'en'] as const)
    .map((l) =>
      l === locale
        ? `<strong lang="${l}">${l === 'de' ? 'Deutsch' : 'English'}</strong>`
        : `<a href="${escapeHtml(`${path}?locale=${l}`)}" lang="${l}" hreflang="${l}">${l === 'de' ? 'Deutsch' : 'English'}</a>`,
    )
    .join(' ');
}

/**
 * A whole sandbox page: the document title, the heading (the title unless given), the language
 * links for `path` (none when null: a page without an address of its own), the test-environment
 * notice when given, then the partner's `body` (already escaped HTML).
 */
export function renderSandboxPage(opts: {
  locale: Locale;
  title: string;
  heading?: string;
  path: string | null;
  notice?: string;
  body: string;
}): string {
  const heading = opts.heading ?? opts.title;
  return `<!doctype html>
<html lang="${opts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(opts.title)}</title>
<style>${css}</style></head>
<body><main>
<header><h1>${escapeHtml(heading)}</h1><nav class="lang">${opts.path === null ? '' : languageLinks(opts.path, opts.locale)}</nav></header>
${opts.notice === undefined ? '' : `<p class="notice" role="note">${escapeHtml(opts.notice)}</p>\n`}${opts.body}
</main></body></html>`;
}
