import type { MediaFileView } from '@token/domain/catalog-views';
import { ImageOff, Music } from 'lucide-react';

/** The media a product shows first, and an image to go with audio or video (cover, poster). */
export function pickMedia(files: readonly MediaFileView[]) {
  const usable = files.filter((f): f is MediaFileView & { path: string } => Boolean(f.path));
  const primary = usable.find((f) => f.mediaType === 'video' || f.mediaType === 'audio') ?? usable[0] ?? null;
  const image = usable.find((f) => f.mediaType === 'image') ?? null;
  return { primary, image };
}

/** How wide a picture is shown: a card in the grid, the item page's stage, a gallery thumbnail. */
export const pictureSizes = {
  card: '(min-width: 1024px) 280px, (min-width: 640px) 50vw, 100vw',
  large: '(min-width: 1024px) 560px, 100vw',
  thumbnail: '80px',
} as const;

/**
 * A picture's `sizes`, `srcSet` and `src`: the browser takes the WebP rendition (spec 9 sm..xxxl)
 * that fills the width it shows, not the original file (a creator's upload can be 30 MB). Without
 * renditions (a file stored before them) the original alone. `sizes` comes first: set after
 * `srcSet` on a client render, the browser would already have picked for a full-width picture.
 */
export function pictureProps(
  file: Pick<MediaFileView, 'renditions'> & { path: string },
  shown: keyof typeof pictureSizes,
) {
  // sizes the original could not fill share one file: one candidate per width
  const byWidth = new Map(Object.values(file.renditions ?? {}).map((r) => [r.width, r.path]));
  if (byWidth.size === 0) return { src: file.path };
  const srcSet = [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, path]) => `${path} ${width}w`)
    .join(', ');
  return { sizes: pictureSizes[shown], srcSet, src: file.path };
}

/** A video's poster: the picture's rendition 1024 px wide (`xl`) when it has one (a poster has no srcset). */
export function posterOf(image: (Pick<MediaFileView, 'renditions'> & { path: string }) | null) {
  return image ? (image.renditions?.xl?.path ?? image.path) : undefined;
}

/**
 * spec 2: media by type: image, audio (with its cover), video (with its poster) or a placeholder.
 * `size` picks the card tile or the large details view. `priority` marks the page's main picture
 * (the product page's hero, its largest paint): loaded at once and first, not lazily.
 */
export function ProductMedia({
  files,
  alt,
  size = 'card',
  priority = false,
}: {
  files: readonly MediaFileView[];
  alt: string;
  size?: 'card' | 'large';
  priority?: boolean;
}) {
  const { primary, image } = pickMedia(files);
  const loading = priority
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy' } as const);
  const frame = `relative overflow-hidden bg-slate-100 ${size === 'card' ? 'aspect-[4/3]' : 'aspect-[4/3] rounded-xl'}`;
  if (!primary) {
    return (
      <div className={`${frame} flex items-center justify-center`} data-media="placeholder">
        <ImageOff className="size-10 text-slate-400" aria-hidden="true" />
        <span className="sr-only">{alt}</span>
      </div>
    );
  }
  if (primary.mediaType === 'video') {
    return (
      <div className={frame} data-media="video">
        {/* biome-ignore lint/a11y/useMediaCaption: creator videos come without caption tracks */}
        <video
          src={primary.path}
          poster={posterOf(image)}
          controls
          preload="none"
          playsInline
          aria-label={alt}
          className="size-full object-cover"
        />
      </div>
    );
  }
  if (primary.mediaType === 'audio') {
    return (
      <div className={frame} data-media="audio">
        {image ? (
          <img
            {...pictureProps(image, size)}
            alt={alt}
            {...loading}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center">
            <Music className="size-10 text-slate-400" aria-hidden="true" />
          </div>
        )}
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent p-2">
          {/* biome-ignore lint/a11y/useMediaCaption: music has no captions */}
          <audio src={primary.path} controls preload="none" aria-label={alt} className="h-9 w-full" />
        </div>
      </div>
    );
  }
  if (primary.mediaType === 'image') {
    return (
      <div className={frame} data-media="image">
        <img
          {...pictureProps(primary, size)}
          alt={alt}
          {...loading}
          decoding="async"
          className="size-full object-cover"
          data-testid="product-picture"
        />
      </div>
    );
  }
  return (
    <div className={`${frame} flex items-center justify-center`} data-media="placeholder">
      <ImageOff className="size-10 text-slate-400" aria-hidden="true" />
      <span className="sr-only">{alt}</span>
    </div>
  );
}
