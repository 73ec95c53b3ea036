import type { SearchSegment } from '@token/domain/marketplace';

/*
 * PostgreSQL highlights the NORMALISED text (`search_normalize`: lower case, no accents, ae/oe/ue as
 * a/o/u), because that is what it indexed and matched. The normalisation keeps words as words, so the
 * n-th word of the normalised text is the n-th word of the original: the marks are carried over
 * word by word. Where a rare character turns a non-word into a word ("©" into "(C)") the counts
 * differ, and the text is shown without marks rather than with wrong ones.
 */

/** What `ts_headline` puts around a match (control characters never occur in indexed text). */
export const startSel = '\u0001';
export const stopSel = '\u0002';

const wordChar = /[\p{L}\p{M}\p{N}]/u;
const word = /[\p{L}\p{M}\p{N}]+/gu;

/** Whether each word of a `ts_headline` answer (marks removed) was inside a mark. */
function markedWords(headline: string): boolean[] {
  const flags: boolean[] = [];
  let inside = false;
  let current: boolean | null = null;
  for (const ch of headline) {
    if (ch === startSel) inside = true;
    else if (ch === stopSel) inside = false;
    else if (wordChar.test(ch)) current = (current ?? false) || inside;
    else if (current !== null) {
      flags.push(current);
      current = null;
    }
  }
  if (current !== null) flags.push(current);
  return flags;
}

/** The original text cut into segments, its words marked where the normalised headline marks them. */
export function segmentsFromHeadline(original: string, headline: string | null): SearchSegment[] {
  if (original === '') return [];
  const flags = headline === null ? [] : markedWords(headline);
  const words = [...original.matchAll(word)];
  if (words.length !== flags.length || !flags.includes(true)) return [{ text: original, match: false }];
  const segments: SearchSegment[] = [];
  const push = (text: string, match: boolean) => {
    if (text === '') return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  let at = 0;
  words.forEach((w, i) => {
    const start = w.index ?? 0;
    push(original.slice(at, start), false);
    push(w[0], flags[i] ?? false);
    at = start + w[0].length;
  });
  push(original.slice(at), false);
  return segments;
}

/**
 * At most about `maxChars` characters of the segments, around the first match (an excerpt of a long
 * description), cut at spaces, with an ellipsis where text was left out.
 */
export function excerptOf(segments: SearchSegment[], maxChars: number): SearchSegment[] {
  const text = segments.map((s) => s.text).join('');
  if (text.length <= maxChars) return segments;
  let firstMatch = 0;
  let offset = 0;
  for (const s of segments) {
    if (s.match) {
      firstMatch = offset;
      break;
    }
    offset += s.text.length;
  }
  let from = Math.max(0, firstMatch - Math.floor(maxChars / 4));
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < firstMatch ? space + 1 : from;
  }
  let to = Math.min(text.length, from + maxChars);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from) to = space;
  }
  const out: SearchSegment[] = from > 0 ? [{ text: '…', match: false }] : [];
  offset = 0;
  for (const s of segments) {
    const start = Math.max(from, offset);
    const end = Math.min(to, offset + s.text.length);
    if (end > start) {
      const piece = s.text.slice(start - offset, end - offset);
      const last = out.at(-1);
      if (last && last.match === s.match) last.text += piece;
      else out.push({ text: piece, match: s.match });
    }
    offset += s.text.length;
  }
  if (to < text.length) {
    const last = out.at(-1);
    if (last && !last.match) last.text = `${last.text.trimEnd()} …`;
    else out.push({ text: ' …', match: false });
  }
  return out;
}
