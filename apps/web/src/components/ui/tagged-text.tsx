import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/**
 * A translated sentence whose `<name>…</name>` parts become the elements `tags` gives for them
 * (`<strong>{{email}}</strong>`, `<terms>AGB</terms>` as a link): react-i18next's `Trans` for flat
 * tags, without its HTML parser, which would be 5 KB of /sign-up's first paint (decision 021).
 * Everything else stays text, the interpolated values included, so a value can never become markup.
 */
export function TaggedText({ text, tags }: { text: string; tags: Record<string, ReactElement> }) {
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', content = ''] = match;
    const element = tags[name];
    if (!element) continue;
    parts.push(text.slice(last, match.index), cloneElement(element, { key: parts.length }, content));
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
