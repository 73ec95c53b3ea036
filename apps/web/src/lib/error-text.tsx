import { isLocale, type Locale } from '@token/domain/i18n';
import { useEffect, useState } from 'react';
import { ApiError } from './api-error.ts';
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

/*
 * A form keeps an error as a key into the catalogue, never as a sentence (convention 1): the field
 * shows it in the language of the moment, so a language switch rewords the errors on screen too.
 * `catalogue:<code>[?<placeholders>][#<lang>:<sentence>]`: the code (a violation or an error code),
 * the values of its `{placeholders}`, and the API's own sentence with the language it was asked in,
 * shown while that language lasts and for a code this client cannot word.
 */
const keyPrefix = 'catalogue:';

/** An error as a form keeps it: which catalogue sentence, with what values, and what the API said. */
export type ErrorKey = {
  code: string;
  params: Readonly<Record<string, string>>;
  said?: { text: string; locale: Locale };
};

/** The key of a catalogue sentence, for react-hook-form's `message` (`setError(name, { message })`). */
export function errorKey(
  code: string,
  params: Readonly<Record<string, string | number>> = {},
  said?: { text: string; locale: Locale },
): string {
  const values = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return `${keyPrefix}${code}${values ? `?${values}` : ''}${said ? `#${said.locale}:${said.text}` : ''}`;
}

/**
 * The key of a failure's catalogue sentence, for a field that shows it (a refused one-time code):
 * the API's code (an unknown one reads as the unexpected error), else the unexpected error.
 */
export function errorKeyOf(error: unknown): string {
  return errorKey(error instanceof ApiError ? error.code : 'unexpected');
}

/** The key a message holds, or null for a message that is already a sentence (a page's own text). */
export function parseErrorKey(message: string): ErrorKey | null {
  if (!message.startsWith(keyPrefix)) return null;
  const rest = message.slice(keyPrefix.length);
  const hash = rest.indexOf('#');
  const head = hash < 0 ? rest : rest.slice(0, hash);
  const query = head.indexOf('?');
  const code = query < 0 ? head : head.slice(0, query);
  const params = query < 0 ? {} : Object.fromEntries(new URLSearchParams(head.slice(query + 1)));
  const said = hash < 0 ? null : /^(\w+):([\s\S]*)$/.exec(rest.slice(hash + 1));
  return said && isLocale(said[1])
    ? { code, params, said: { locale: said[1], text: said[2] ?? '' } }
    : { code, params };
}

/**
 * A field's error as the reader sees it: a catalogue key worded in the current language (again on
 * every language switch), any other text as it is. The catalogue loads on the first key (the form's
 * check loads it before it reports, so a field's error does not wait); until then the API's own
 * sentence, if the key carries one, stands in.
 */
export function useErrorKeyText(message: string | undefined): string | undefined {
  const locale = useLocale();
  const key = message ? parseErrorKey(message) : null;
  const [, setReady] = useState(loaded !== undefined);
  const isKey = key !== null;
  useEffect(() => {
    if (isKey && !loaded)
      void loadErrorTexts().then(
        () => setReady(true),
        () => undefined,
      );
  }, [isKey]);
  if (!key) return message;
  return loaded ? loaded.errorKeyText(key, locale) : (key.said?.text ?? '');
}
