// node tools/esmDeclarations.mjs <dir>: gives the relative imports of tsc's declarations under <dir>
// the file names Node's ES module resolution needs ('../state' becomes '../state/index.js', './ads'
// './ads.js'), so that a project with "moduleResolution": "NodeNext" sees the types, not any.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SPECIFIER = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

function withExtension(file, spec) {
  if (/\.(m|c)?js$/.test(spec)) return spec;
  const target = resolve(dirname(file), spec);
  if (existsSync(`${target}.d.ts`)) return `${spec}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${spec}/index.js`;
  throw new Error(`${file}: ${spec} is not among the declarations`);
}

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const fixed = text.replace(
        SPECIFIER,
        (_all, head, quote, spec) => `${head}${quote}${withExtension(path, spec)}${quote}`,
      );
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node tools/esmDeclarations.mjs <dir>');
  process.exit(2);
}
walk(dir);
