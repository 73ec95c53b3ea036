import type { MediaFileView } from '@token/domain/catalog-views';
import { FileVideo, Music } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { ProductMedia, pictureProps, posterOf } from '../../components/product-card/product-media.tsx';
import { useTranslation } from '../../lib/i18n.ts';

type Shown = MediaFileView & { path: string };

/** The selected file large: an image, a video (poster: the first image) or audio with the cover image. */
function Stage({ file, cover, alt }: { file: Shown; cover: Shown | null; alt: string }) {
  const frame = 'relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-100';
  if (file.mediaType === 'video') {
    return (
      <div className={frame} data-media="video">
        {/* biome-ignore lint/a11y/useMediaCaption: creator videos come without caption tracks */}
        <video
          key={file.id}
          src={file.path}
          poster={posterOf(cover)}
          controls
          preload="metadata"
          playsInline
          aria-label={alt}
          className="size-full object-contain"
        />
      </div>
    );
  }
  if (file.mediaType === 'audio') {
    return (
      <div className={frame} data-media="audio">
        {cover ? (
          <img {...pictureProps(cover, 'large')} alt="" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center">
            <Music className="size-10 text-slate-400" aria-hidden="true" />
          </div>
        )}
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent p-2">
          {/* biome-ignore lint/a11y/useMediaCaption: music has no captions */}
          <audio
            key={file.id}
            src={file.path}
            controls
            preload="metadata"
            aria-label={alt}
            className="h-9 w-full"
          />
        </div>
      </div>
    );
  }
  return (
    <div className={frame} data-media="image">
      <img
        {...pictureProps(file, 'large')}
        alt={alt}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className="size-full object-contain"
        data-testid="product-picture"
      />
    </div>
  );
}

/**
 * spec 2 item details: all of the item's media in the creator's order (the first is the cover). One
 * file shows as before; several get a stage and a row of thumbnails (buttons, arrow keys move between
 * them, Home/End jump) with players for audio and video. Private files have no public path and are
 * not shown here (their buyers get them by a signed link).
 */
export function ProductGallery({ files, name }: { files: readonly MediaFileView[]; name: string }) {
  const { t } = useTranslation('marketplace');
  const shown = files.filter((f): f is Shown => Boolean(f.path));
  const [selected, setSelected] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  if (shown.length <= 1) return <ProductMedia files={files} alt={name} size="large" priority />;
  const index = Math.min(selected, shown.length - 1);
  const cover = shown.find((f) => f.mediaType === 'image') ?? null;
  const current = shown[index] as Shown;
  // The alt text: the item's name and which of its files this is.
  const alt = t('gallery.alt', {
    name,
    index: index + 1,
    count: shown.length,
    type: t(`gallery.types.${current.mediaType}`),
  });
  const choose = (i: number) => {
    setSelected(i);
    thumbs.current[i]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const last = shown.length - 1;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (index + 1) % shown.length
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (index - 1 + shown.length) % shown.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    choose(next);
  };
  return (
    <section aria-label={t('gallery.label', { name })} className="space-y-3" data-testid="product-gallery">
      <Stage file={current} cover={cover} alt={alt} />
      <p className="sr-only" aria-live="polite">
        {t('gallery.showing', { index: index + 1, count: shown.length })}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys move between the thumbnail buttons */}
      <div className="flex flex-wrap gap-2" onKeyDown={onKey}>
        {shown.map((f, i) => (
          <button
            key={f.id}
            ref={(el) => {
              thumbs.current[i] = el;
            }}
            type="button"
            aria-pressed={i === index}
            tabIndex={i === index ? 0 : -1}
            aria-label={t('gallery.thumb', {
              index: i + 1,
              count: shown.length,
              type: t(`gallery.types.${f.mediaType}`),
            })}
            onClick={() => setSelected(i)}
            className={`size-16 overflow-hidden rounded-md border-2 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
              i === index ? 'border-brand-600' : 'border-transparent hover:border-slate-300'
            }`}
          >
            {f.mediaType === 'image' ? (
              <img
                {...pictureProps(f, 'thumbnail')}
                alt=""
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
              />
            ) : (
              <span className="flex size-full items-center justify-center">
                {f.mediaType === 'audio' ? (
                  <Music className="size-6 text-brand-700" aria-hidden="true" />
                ) : (
                  <FileVideo className="size-6 text-brand-700" aria-hidden="true" />
                )}
              </span>
            )}
          </button>
        ))}
      </div>
    </section>
  );
}
