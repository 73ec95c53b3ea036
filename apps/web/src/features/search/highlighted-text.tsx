import type { SearchSegment } from '@token/domain/marketplace';

/** A text cut into search segments: what the phrase found is marked (`<mark>`). */
export function HighlightedText({ segments }: { segments: SearchSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence of one text
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence of one text
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
