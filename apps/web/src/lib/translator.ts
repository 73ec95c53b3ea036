/*
 * The app's translator (decision 021): what of i18next the app used, in a few hundred bytes instead of
 * its 13 KB gzip on every page. Texts are JSON trees per language and namespace, loaded on demand;
 * `t` looks a key up in the active language only (German and English are both complete, locales/*.test.ts),
 * with i18next's conventions so the locale files stay as they are:
 * - `{{name}}` (or `{{a.b}}`) takes a value of the options; a value that is missing leaves nothing;
 * - `count` picks the plural form by the language's rules (`key_one`, `key_other`; `key_zero` for 0 when
 *   there is one), and is a value like any other;
 * - `context` picks `key_context` (with its plural form first) when there is one;
 * - `ns:key` names another namespace; a key found nowhere answers `defaultValue`, or else the key.
 */

/** A namespace's texts: nested objects with strings at the leaves. */
export type Texts = { [key: string]: string | Texts };

export type TOptions = {
  count?: number;
  context?: string;
  defaultValue?: string;
  [value: string]: unknown;
};

export type TFunction = (key: string, options?: TOptions) => string;

type Event = 'languageChanged' | 'textsAdded';

export type TranslatorOptions = {
  language: string;
  /** The namespace `t` reads when a key names none. */
  defaultNamespace: string;
  /** Loads a namespace's texts in a language; undefined when there are none. */
  load: (language: string, namespace: string) => Promise<Texts> | undefined;
};

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookUp(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function valueAt(options: TOptions, path: string): unknown {
  let value: unknown = options;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    const value = valueAt(options, path);
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The keys to try, most specific first (i18next's order). */
function candidates(key: string, language: string, options: TOptions | undefined): string[] {
  const count = options?.count;
  const context = options?.context;
  const plural = typeof count === 'number' ? `_${pluralForm(language, count)}` : null;
  const keys: string[] = [];
  for (const base of context ? [`${key}_${context}`, key] : [key]) {
    if (plural) {
      if (count === 0) keys.push(`${base}_zero`);
      keys.push(`${base}${plural}`);
    }
    keys.push(base);
  }
  return keys;
}

export class Translator {
  language: string;
  private readonly resources = new Map<string, Map<string, Texts>>();
  /** The namespaces asked for so far: a language switch loads them all before it happens. */
  private readonly namespaces = new Set<string>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Map<Event, Set<(language: string) => void>>();

  constructor(private readonly options: TranslatorOptions) {
    this.language = options.language;
    this.namespaces.add(options.defaultNamespace);
  }

  on(event: Event, listener: (language: string) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit(event: Event) {
    for (const listener of this.listeners.get(event) ?? []) listener(this.language);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.resources.get(language)?.has(namespace) ?? false;
  }

  addResourceBundle(language: string, namespace: string, texts: Texts): void {
    let byNamespace = this.resources.get(language);
    if (!byNamespace) {
      byNamespace = new Map();
      this.resources.set(language, byNamespace);
    }
    byNamespace.set(namespace, texts);
    this.namespaces.add(namespace);
    this.emit('textsAdded');
  }

  private loadOne(language: string, namespace: string): Promise<void> {
    if (this.hasResourceBundle(language, namespace)) return Promise.resolve();
    const id = `${language}|${namespace}`;
    const pending = this.loading.get(id);
    if (pending) return pending;
    const load = this.options.load(language, namespace);
    if (!load) return Promise.resolve();
    const done = load.then(
      (texts) => {
        this.loading.delete(id);
        this.addResourceBundle(language, namespace, texts);
      },
      (err: unknown) => {
        // forgotten, so the next visit of the page tries again
        this.loading.delete(id);
        throw err;
      },
    );
    this.loading.set(id, done);
    return done;
  }

  /** Loads namespaces in the active language; rejects when a chunk cannot be fetched. */
  async loadNamespaces(namespaces: string | string[]): Promise<void> {
    const list = Array.isArray(namespaces) ? namespaces : [namespaces];
    for (const ns of list) this.namespaces.add(ns);
    await Promise.all(list.map((ns) => this.loadOne(this.language, ns)));
  }

  /** Loads every namespace asked for so far in `language`, then switches to it. */
  async changeLanguage(language: string): Promise<void> {
    await Promise.all([...this.namespaces].map((ns) => this.loadOne(language, ns)));
    if (language === this.language) return;
    this.language = language;
    this.emit('languageChanged');
  }

  /** A `t` that reads `namespaces` in turn (a key's own `ns:` prefix wins). */
  getFixedT(namespaces: readonly string[]): TFunction {
    return (key, options) => this.translate(key, namespaces, options);
  }

  t: TFunction = (key, options) => this.translate(key, [this.options.defaultNamespace], options);

  private translate(key: string, namespaces: readonly string[], options?: TOptions): string {
    const colon = key.indexOf(':');
    const [names, bare] = colon > 0 ? [[key.slice(0, colon)], key.slice(colon + 1)] : [namespaces, key];
    const byNamespace = this.resources.get(this.language);
    const keys = candidates(bare, this.language, options);
    for (const ns of names) {
      const texts = byNamespace?.get(ns);
      for (const k of keys) {
        const text = lookUp(texts, k);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : bare;
  }
}
