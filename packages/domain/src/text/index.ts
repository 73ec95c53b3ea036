/**
 * Characters no text field of the platform accepts: NUL (PostgreSQL text cannot store it), the other
 * C0 controls except tab, line feed and carriage return (a message may span lines), DEL, the C1
 * controls, and UTF-16 surrogates that do not form a pair (not encodable as UTF-8). PostgreSQL
 * stores all but NUL, yet none of them is typed by a person; they only hide or garble text.
 */
const forbiddenCharacter =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character that no form field accepts (see `forbiddenCharacter`). */
export function hasForbiddenCharacters(text: string): boolean {
  return forbiddenCharacter.test(text);
}

type Visit = { value: unknown; key: string | null; parent: Visit | null };

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v?.key != null; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.');
}

/**
 * Dot-joined paths (`items.0.name`) of the strings in a JSON-like value that hold a forbidden
 * character, in document order; a bad object key names itself. At most `limit` paths.
 */
export function forbiddenCharacterPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  // An explicit stack with parent links: a body nested thousands of levels deep must neither
  // overflow the call stack nor copy its path at every level.
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < limit) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (hasForbiddenCharacters(v)) found.push(pathOf(visit));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: visit });
    } else if (isPlainObject(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const next = { value: child, key, parent: visit };
        if (hasForbiddenCharacters(key)) found.push(pathOf(next));
        else stack.push(next);
      }
    }
  }
  return found;
}

/** A record of parsed JSON or of a parsed query (whose prototype may itself have none); not a Buffer or Date. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}
