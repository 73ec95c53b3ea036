import type { Locale } from '@token/domain/i18n';
import { useEffect, useState } from 'react';
import { useLocale } from './i18n.ts';
import { type NotificationType, notify } from './notifications.ts';

/*
 * The error catalogue's sentences for the app shell and the public pages, loaded when a failure
 * needs one: the catalogue (both languages, 7 KB gzip) is not part of what a page needs to paint and
 * hydrate (decision 021). Feature pages behind a login import lib/errors.ts directly.
 */

type ErrorTexts = typeof import('./errors.ts');
let loaded: ErrorTexts | undefined;
let loading: Promise<ErrorTexts> | undefined;

/** The catalogue module, loaded once (a failed load is tried again on the next failure). */
export function loadErrorTexts(): Promise<ErrorTexts> {
  loading ??= import('./errors.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Shows a failure in the notification bar: the catalogue's sentence and the technical detail. */
export function notifyFailure(error: unknown, type: NotificationType = 'error'): void {
  void loadErrorTexts().then(
    ({ errorMessageOf, errorDetailOf }) => notify(type, errorMessageOf(error), errorDetailOf(error)),
    () => notify(type, String(error instanceof Error ? error.message : error)),
  );
}

/** The catalogue's sentence for a failure, once the catalogue is there (at once when it already is). */
export function useErrorMessage(error: unknown, locale: Locale): string | undefined {
  const [, setReady] = useState(loaded !== undefined);
  useEffect(() => {
    if (!loaded) void loadErrorTexts().then(() => setReady(true));
  }, []);
  return loaded?.errorMessageOf(error, locale);
}

/** The catalogue's sentence for a failure as text, in the reader's language (see `useErrorMessage`). */
export function ErrorText({ error }: { error: unknown }) {
  return <>{useErrorMessage(error, useLocale())}</>;
}
