import type { MediaFileView } from '@token/domain/catalog-views';
import { ImageOff, Music } from 'lucide-react';

/** The media a product shows first, and an image to go with audio or video (cover, poster). */
export function pickMedia(files: readonly MediaFileView[]) {
  const usable = files.filter((f): f is MediaFileView & { path: string } => Boolean(f.path));
  const primary = usable.find((f) => f.mediaType === 'video' || f.mediaType === 'audio') ?? usable[0] ?? null;
  const image = usable.find((f) => f.mediaType === 'image') ?? null;
  return { primary, image };
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
          poster={image?.path ?? undefined}
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
          <img src={image.path} alt={alt} {...loading} decoding="async" className="size-full object-cover" />
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
          src={primary.path}
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
