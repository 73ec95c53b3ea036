import { useEffect, useState } from 'react';

/**
 * The EPC069-12 GiroCode of a transfer as a QR code (error correction M, as the standard asks),
 * drawn by `qrcode` as SVG and shown as an image, so no markup from a string enters the page.
 */
export function GiroCode({ payload, label }: { payload: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // the QR encoder loads only with a page that shows a GiroCode
    import('qrcode')
      .then((ns) => {
        // a CommonJS package: its functions are the namespace's or its default export's, by bundler
        const qrcode = (ns as unknown as { default?: typeof ns }).default ?? ns;
        return qrcode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      })
      .then(
        (svg) => {
          if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
        },
        () => {
          if (live) setSrc(null);
        },
      );
    return () => {
      live = false;
    };
  }, [payload]);
  if (!src) return <div className="size-44 rounded-md bg-slate-100" aria-hidden="true" />;
  return (
    <img
      src={src}
      alt={label}
      width={176}
      height={176}
      className="size-44 rounded-md border border-slate-200 bg-white"
      data-testid="giro-code"
    />
  );
}
