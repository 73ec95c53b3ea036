import { createHash } from 'node:crypto';

/** A short, readable device name from a User-Agent ("Firefox on Windows"), for the sessions list and mails. */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    (/Edg\//.test(ua) && 'Edge') ||
    (/OPR\/|Opera/.test(ua) && 'Opera') ||
    (/Firefox\//.test(ua) && 'Firefox') ||
    (/Chrome\/|Chromium\/|CriOS\//.test(ua) && 'Chrome') ||
    (/Safari\//.test(ua) && 'Safari') ||
    null;
  const os =
    (/iPhone|iPad|iPod/.test(ua) && 'iOS') ||
    (/Android/.test(ua) && 'Android') ||
    (/Windows/.test(ua) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(ua) && 'macOS') ||
    (/CrOS/.test(ua) && 'ChromeOS') ||
    (/Linux/.test(ua) && 'Linux') ||
    null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? (ua ? ua.slice(0, 60) : 'Unknown device');
}

/** The device's fingerprint for "new sign-in" mails: the User-Agent's hash (never stored in clear twice). */
export function deviceHash(userAgent: string | null | undefined): string {
  return createHash('sha256')
    .update(userAgent ?? '')
    .digest('hex')
    .slice(0, 32);
}
