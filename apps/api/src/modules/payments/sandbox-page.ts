import type { Locale } from '@token/domain/i18n';
import { escapeHtml } from '../../partners/sandbox-pages.ts';

/**
 * The frame shared by the sandbox payment partners' pages (bank, card): plain HTML and CSS, no
 * script (the app's CSP holds), a language switch, and a test-environment notice.
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
.ok{background:#dcfce7;border:1px solid #16a34a;border-radius:.5rem;padding:.6rem .8rem}
.error{background:#fee2e2;border:1px solid #b91c1c;border-radius:.5rem;padding:.6rem .8rem}
section{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.25rem 1rem;margin:0}
dt{color:#475569}dd{margin:0;font-weight:500;overflow-wrap:anywhere}
.hint{color:#475569;font-size:.875rem;margin:.25rem 0 .75rem}
.amount{font-size:1.6rem;font-weight:700}
.code{font-family:ui-monospace,monospace;font-size:1.4rem;letter-spacing:.2em;background:#e0f2fe;padding:.2rem .5rem;border-radius:.25rem}
.actions{display:grid;gap:.5rem}
button{font:inherit;border-radius:.5rem;border:1px solid #0f172a;background:#0f172a;color:#fff;padding:.55rem .9rem;cursor:pointer;text-align:left;width:100%}
button:hover,button:focus-visible{background:#1e293b;outline:2px solid #38bdf8;outline-offset:2px}
button.secondary{background:#fff;color:#0f172a}
button.danger{background:#b91c1c;border-color:#b91c1c}
button small{display:block;font-size:.8rem;opacity:.85;font-weight:400}
label{display:block;font-size:.875rem;color:#334155;margin-top:.5rem}
input,select{font:inherit;width:100%;padding:.45rem .6rem;border:1px solid #94a3b8;border-radius:.375rem;margin-top:.15rem;background:#fff}
.table-wrap{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:.875rem}
td small{overflow-wrap:anywhere}
th,td{text-align:left;padding:.35rem .4rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
a{color:#0369a1}
@media (min-width:40rem){.actions{grid-template-columns:1fr 1fr}}
`;

/** A whole page: title, language links for `path`, notice, body. */
export function sandboxLayout(opts: {
  locale: Locale;
  title: string;
  path: string;
  notice: string;
  body: string;
}): string {
  const links = (['de', 'en'] as const)
    .map((l) =>
      l === opts.locale
        ? `<strong lang="${l}">${l === 'de' ? 'Deutsch' : 'English'}</strong>`
        : `<a href="${escapeHtml(`${opts.path}?locale=${l}`)}" lang="${l}" hreflang="${l}">${l === 'de' ? 'Deutsch' : 'English'}</a>`,
    )
    .join(' ');
  return `<!doctype html>
<html lang="${opts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(opts.title)}</title>
<style>${css}</style></head>
<body><main>
<header><h1>${escapeHtml(opts.title)}</h1><nav class="lang">${links}</nav></header>
<p class="notice">${escapeHtml(opts.notice)}</p>
${opts.body}
</main></body></html>`;
}
