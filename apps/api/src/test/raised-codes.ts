import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isErrorCode } from '@token/domain/errors';

/*
 * Which catalogue codes a route can raise, read from the source (the route-errors test's analysis).
 *
 * Each source file is cut into its top-level declarations (a line starting in column 0 opens the
 * next one), each routes file's registrations (`app.get('/url', ...)`) into one piece per route.
 * A piece raises the codes it names in `AppError('code')` and every code raised by a declaration it
 * refers to: in its own file or imported (relative paths and `@token/domain/<topic>`, through
 * `export *`), transitively. A piece that builds an `AppError` from a variable (`AppError(code)`)
 * raises every catalogue code it and the declarations it names directly spell out (its table of
 * refusals, say). What it cannot follow: methods of objects (the partners' adapters, `app.db`),
 * which is why the partners' `partner_unavailable` is declared by hand where a route calls one.
 */

const apiSrc = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const domainSrc = resolve(apiSrc, '../../../packages/domain/src');

type Piece = { name: string; file: string; text: string };
type SourceFile = {
  path: string;
  pieces: Map<string, Piece>;
  imports: Map<string, { from: string; name: string }>;
  reExports: string[];
};

const declarationStart =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/;

/** Drops comments, keeping string literals (a code is a string) and line structure. */
function stripComments(source: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] ?? '';
    if (quote) {
      out += c;
      if (c === '\\') out += source[++i] ?? '';
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
      continue;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop - 1;
      continue;
    }
    out += c;
  }
  return out;
}

const files = new Map<string, SourceFile | null>();

function load(path: string): SourceFile | null {
  if (files.has(path)) return files.get(path) ?? null;
  let source: string;
  try {
    source = stripComments(readFileSync(path, 'utf8'));
  } catch {
    files.set(path, null);
    return null;
  }
  const file: SourceFile = { path, pieces: new Map(), imports: new Map(), reExports: [] };
  files.set(path, file);
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const target = resolveSpecifier(path, m[2] ?? '');
    if (!target) continue;
    for (const part of (m[1] ?? '').split(',')) {
      const [name, alias] = part
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      if (name) file.imports.set(alias ?? name, { from: target, name });
    }
  }
  for (const m of source.matchAll(/export\s+\*\s+from\s+'([^']+)'/g)) {
    const target = resolveSpecifier(path, m[1] ?? '');
    if (target) file.reExports.push(target);
  }
  let current: Piece | null = null;
  for (const line of source.split('\n')) {
    const start = declarationStart.exec(line);
    if (start?.[1]) {
      current = { name: start[1], file: path, text: '' };
      file.pieces.set(current.name, current);
    } else if (/^(?:import|export\s+\*|export\s+\{)/.test(line)) current = null;
    if (current) current.text += `${line}\n`;
  }
  return file;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  const domain = /^@token\/domain\/([\w-]+)$/.exec(specifier);
  return domain ? join(domainSrc, domain[1] ?? '', 'index.ts') : null;
}

/** The declaration a name stands for in a file: its own, imported, or re-exported. */
function lookUp(path: string, name: string, seen = new Set<string>()): Piece | null {
  const key = `${path}#${name}`;
  if (seen.has(key)) return null;
  seen.add(key);
  const file = load(path);
  if (!file) return null;
  const own = file.pieces.get(name);
  if (own) return own;
  const imported = file.imports.get(name);
  if (imported) return lookUp(imported.from, imported.name, seen);
  for (const target of file.reExports) {
    const found = lookUp(target, name, seen);
    if (found) return found;
  }
  return null;
}

function referencedPieces(piece: { file: string; text: string; name: string }): Piece[] {
  const out: Piece[] = [];
  const names = new Set(piece.text.match(/[A-Za-z_$][\w$]*/g) ?? []);
  names.delete(piece.name);
  for (const name of names) {
    const found = lookUp(piece.file, name);
    if (found && found !== piece) out.push(found);
  }
  return out;
}

function literalCodes(text: string): string[] {
  return [...text.matchAll(/'([a-z][a-z0-9_]*)'/g)].map((m) => m[1] ?? '').filter((c) => isErrorCode(c));
}

const raisedByPiece = new Map<Piece, Set<string>>();

/** The codes one piece of source can raise, following what it refers to. */
function raised(piece: Piece, stack = new Set<Piece>()): Set<string> {
  const known = raisedByPiece.get(piece);
  if (known) return known;
  const codes = new Set<string>();
  if (stack.has(piece)) return codes;
  stack.add(piece);
  for (const m of piece.text.matchAll(/\bAppError\(\s*'([a-z][a-z0-9_]*)'/g)) codes.add(m[1] ?? '');
  const references = referencedPieces(piece);
  if (/\bAppError\(\s*[^'\s)]/.test(piece.text)) {
    for (const code of literalCodes(piece.text)) codes.add(code);
    for (const ref of references) for (const code of literalCodes(ref.text)) codes.add(code);
  }
  for (const ref of references) for (const code of raised(ref, stack)) codes.add(code);
  stack.delete(piece);
  // Only a finished piece is remembered: one cut short by a cycle is worked out again from its own start.
  if (stack.size === 0) raisedByPiece.set(piece, codes);
  return codes;
}

/** A route as registered in the source: its plugin function (`referenceRoutes`), method, URL and raisable codes. */
export type RouteSource = { file: string; plugin: string; method: string; url: string; codes: Set<string> };

/** Every route registered in `modules/<feature>/*.routes.ts` with the codes its source can raise. */
export function routeSources(): RouteSource[] {
  const modules = join(apiSrc, 'modules');
  const out: RouteSource[] = [];
  for (const feature of readdirSync(modules)) {
    for (const name of readdirSync(join(modules, feature))) {
      if (!name.endsWith('.routes.ts')) continue;
      const path = join(modules, feature, name);
      const file = load(path);
      if (!file) continue;
      for (const { name: plugin, text } of file.pieces.values()) {
        const starts = [...text.matchAll(/\b\w+\.(get|post|put|patch|delete)\(\s*['`]([^'`\n]+)['`]/g)];
        starts.forEach((m, i) => {
          const end = starts[i + 1]?.index ?? text.length;
          const piece: Piece = { name: `${m[1]} ${m[2]}`, file: path, text: text.slice(m.index, end) };
          const method = (m[1] ?? '').toUpperCase();
          out.push({ file: path, plugin, method, url: m[2] ?? '', codes: raised(piece) });
        });
      }
    }
  }
  return out;
}
