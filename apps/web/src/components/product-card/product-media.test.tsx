import { cleanup, render, screen } from '@testing-library/react';
import type { MediaFileView } from '@token/domain/catalog-views';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductMedia, pictureProps, posterOf } from './product-media.tsx';

afterEach(cleanup);

const rendition = (size: string, width: number) => ({
  width,
  height: (width * 3) / 4,
  path: `/media/public/content/u1/${size}.webp`,
});
/** An 800 px picture: sm, md and lg of their own, xl to xxxl share the 800 px file. */
const picture: MediaFileView & { path: string } = {
  id: 1,
  uuid: 'u1',
  fileName: 'wald.png',
  mediaType: 'image',
  mimeType: 'image/png',
  bucket: 'public',
  path: '/media/public/products/wald.png',
  renditions: {
    sm: rendition('sm', 160),
    md: rendition('md', 320),
    lg: rendition('lg', 640),
    xl: rendition('xl', 800),
    xxl: rendition('xl', 800),
    xxxl: rendition('xl', 800),
  },
};

describe('pictures by their renditions', () => {
  it('offers each width once, narrowest first, with the sizes it is shown at', () => {
    expect(pictureProps(picture, 'card')).toEqual({
      sizes: '(min-width: 1024px) 280px, (min-width: 640px) 50vw, 100vw',
      srcSet:
        '/media/public/content/u1/sm.webp 160w, /media/public/content/u1/md.webp 320w, /media/public/content/u1/lg.webp 640w, /media/public/content/u1/xl.webp 800w',
      src: '/media/public/products/wald.png',
    });
  });

  it('keeps the original alone for a picture without renditions', () => {
    const { renditions: _, ...plain } = picture;
    expect(pictureProps(plain, 'large')).toEqual({ src: '/media/public/products/wald.png' });
    expect(posterOf(plain)).toBe('/media/public/products/wald.png');
    expect(posterOf(picture)).toBe('/media/public/content/u1/xl.webp');
    expect(posterOf(null)).toBeUndefined();
  });

  it('renders the card picture with srcset and sizes', () => {
    render(<ProductMedia files={[picture]} alt="Wald" />);
    const img = screen.getByRole('img', { name: 'Wald' });
    expect(img.getAttribute('srcset')).toContain('/media/public/content/u1/lg.webp 640w');
    expect(img.getAttribute('sizes')).toBe('(min-width: 1024px) 280px, (min-width: 640px) 50vw, 100vw');
    expect(img.getAttribute('src')).toBe('/media/public/products/wald.png');
  });
});
