// No module of the player, its actors or its tools imports itself through others: a circle makes the
// order modules run in depend on which is imported first, and no part of it can be moved alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../../..');
const FOLDERS = ['src', 'sagas', 'tools'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative import names (with or without its extension, or a folder's index). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Each file's imports (type-only ones too: they tie the files together all the same). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((imported) => resolveImport(file, imported.fileName))
        .filter((target): target is string => target !== null && /\.tsx?$/.test(target));
      return [file, targets];
    }),
  );
}

/** The strongly connected groups of more than one file, or of a file importing itself (Tarjan). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) circles.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import circles', () => {
  it('finds a circle of three files, and none in a chain', () => {
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circlesOf(circle).map((group) => [...group].sort())).toEqual([['a', 'b', 'c']]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('none among the modules of src/, sagas/ and tools/', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(300);
    const circles = circlesOf(importGraph(files)).map((group) =>
      group.map((file) => relative(ROOT, file)).sort(),
    );
    expect(circles).toEqual([]);
  });
});
