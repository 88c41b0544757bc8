// Adds lock entries for optional platform packages that the package registry reachable here does not
// carry (other operating systems' builds of @swc/core, lmdb's msgpackr-extract, jest's resolver).
// `npm install` leaves them out of package-lock.json, and then `npm ci` refuses the lock as out of
// sync; with an entry each, `npm ci` skips them as optional packages for another platform.
// Run after every `npm install` that changes the lock: npm run lock:complete
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [key, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${key}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    packages[top] = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform package(s) added`);
