import { configure } from '@testing-library/react';
import { options } from 'preact';
import { i18n, type Texts } from './lib/i18n.ts';

// The app loads a language's `common` texts as a chunk before its first render (lib/i18n.ts);
// components under test render at once, so both languages are there from the start.
const commonTexts = import.meta.glob<Texts>('./locales/*/common.json', {
  import: 'default',
  eager: true,
});
for (const [file, texts] of Object.entries(commonTexts)) {
  const language = /\/locales\/(\w+)\//.exec(file)?.[1];
  if (language) i18n.addResourceBundle(language, 'common', texts);
}

// Component tests run beside the API suites on a 2-core machine: `findBy…`/`waitFor` wait up to
// 5 s (the default 1 s made busy runs fail on timing alone, never on behaviour).
configure({ asyncUtilTimeout: 5_000 });

// Preact (decision 021) runs effects after the browser's next paint; jsdom never paints, so they would
// wait for a 35 ms fallback timer, and a test that clicks a button as soon as it appears would press
// it before its effects (TanStack Query's subscription, say) are there. A person, or Playwright
// waiting for two animation frames, never can. Here effects run after the current task.
options.requestAnimationFrame = (flush) => {
  setTimeout(flush, 0);
};

// jsdom's Blob has no text() or arrayBuffer(), a browser's has. On Node 22 and later, fetch's
// `Response.blob()` builds its Blob from the global, which is jsdom's here (on Node 20 it was Node's
// own): tests that read a downloaded file read it as a browser would.
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = async function text(this: Blob) {
    return new TextDecoder().decode(await this.arrayBuffer());
  };
}
