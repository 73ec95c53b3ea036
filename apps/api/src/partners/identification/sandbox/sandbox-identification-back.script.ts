/**
 * The one script of the sandbox identification page, served from this site (`script-src 'self'`,
 * no inline script): "Zurück zur Plattform" closes the partner's window, which the platform opened
 * beside its own tab (that tab polls the outcome), instead of opening the platform a second time
 * inside it. A window the browser will not let a script close (opened from a link and used for a
 * while) goes to the platform at the top level, as the link alone would (issue 15).
 */
export const sandboxBackScriptPath = '/sandbox/kyc/back-to-platform.js';

/** The attribute marking the page's links back to the platform. */
export const sandboxBackAttribute = 'data-back-to-platform';

/** How long the script waits for `window.close()` to take before it navigates instead. */
const closeWaitMs = 200;

/** The script's source (plain ES2017, runs in every browser the platform supports). */
export const sandboxBackScript = `'use strict';
document.addEventListener('click', function (event) {
  var target = event.target;
  var link = target && target.closest ? target.closest('a[${sandboxBackAttribute}]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  window.close();
  setTimeout(function () {
    if (!window.closed) window.top.location.assign(link.href);
  }, ${closeWaitMs});
});
`;
