import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const sourceRoots = ['apps/api/src', 'packages/domain/src', 'apps/web/src'];

// Static imports and re-exports, `import type` included: a type-only cycle still ties two layers
// together (the job runner's context type once pulled every partner, and so every job, into a ring).
// Dynamic `import()` is not followed. The clause before `from` holds only names, braces, `*`, `as`, `type`.
const importPattern = /^[ \t]*(?:import|export)\s+(?:[\w$*{},\s]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a specifier names: relative paths, and `@token/domain/<topic>` as the topic's index. */
function resolveSpecifier(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('.')) target = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@token/domain/')) {
    target = join(repoRoot, 'packages/domain/src', specifier.slice('@token/domain/'.length), 'index.ts');
  } else return null;
  if (/\.tsx?$/.test(target)) return target;
  return [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find(existsSync) ?? target;
}

/** file -> the files it imports statically, for every source file under `roots`. */
function buildImportGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const root of roots) {
    for (const file of sourceFiles(join(repoRoot, root))) {
      const source = readFileSync(file, 'utf8');
      const targets = [...source.matchAll(importPattern)]
        .map((m) => resolveSpecifier(file, m[1]!))
        .filter((t): t is string => t !== null);
      graph.set(file, targets);
    }
  }
  return graph;
}

/** One cycle per strongly connected group of files (Tarjan), each as a path that ends where it starts. */
function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: Set<string>[] = [];

  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.add(w);
    } while (w !== v);
    if (group.size > 1 || graph.get(v)!.includes(v)) groups.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);

  // Within a group every file reaches every other: a breadth-first walk back to the start names one ring.
  return groups.map((group) => {
    const start = [...group].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!group.has(w)) continue;
        if (w === start) {
          const path: string[] = [];
          for (let at = v; at !== start; at = previous.get(at)!) path.unshift(at);
          return [start, ...path, start];
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

describe('imports', () => {
  it('form no cycle in the API, the domain or the web app', () => {
    const cycles = findCycles(buildImportGraph(sourceRoots)).map((ring) =>
      ring.map((file) => relative(repoRoot, file)).join(' -> '),
    );
    expect(cycles).toEqual([]);
  });

  it('finds a cycle, naming its files, in a graph that has one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
