/**
 * The modules of this lib import each other one way only: no cycle among libs/database/src files, hidden or
 * not (a lazy `require` of a project module would hide one from this graph, so there is none).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project files a source names: `from './x'` (imports, type imports, re-exports) and `import('./x')`. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g), ...text.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map((m) => m[1]);
  return specifiers.map((s) => {
    const base = resolve(dirname(file), s);
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not this one
      }
    }
    throw new Error(`${relative(SRC, file)}: cannot resolve ${s}`);
  });
}

/** The first cycle found, as the files around it (the first one repeated at the end), or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('libs/database/src module graph', () => {
  const files = sourceFiles(SRC);
  const graph = new Map(files.map((f) => [f, relativeImports(f)]));

  it('reads the modules and their relative imports', () => {
    expect(files.map((f) => relative(SRC, f))).toEqual(expect.arrayContaining(['adapters.ts', 'migrations.ts', 'pglite-instances.ts', 'cli/migrate.ts']));
    expect(graph.get(join(SRC, 'adapters.ts'))).toContain(join(SRC, 'pglite-instances.ts'));
  });

  it('has no import cycle', () => {
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => relative(SRC, f)).join(' → ')).toBeUndefined();
  });

  it('finds a cycle when there is one (the check itself)', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toBeUndefined();
  });

  it('loads no project module lazily (a require of one would hide a cycle from this graph)', () => {
    const lazy = files.filter((f) => /\brequire\(\s*'\.{1,2}\//.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
    expect(lazy).toEqual([]);
  });
});
