// Builds one of the repository's packages and packs it as `npm pack` would for a user.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Runs the package's build script, packs packages/<name> into `destination`; its tarball and files. */
export function packPackage(name: 'sdk' | 'qa', destination: string) {
  execFileSync('npm', ['run', '--silent', `build:${name}`], { cwd: ROOT, stdio: 'pipe' });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
      cwd: join(ROOT, 'packages', name),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error(`npm pack of packages/${name} gave nothing`);
  return { filename: packed.filename, files: packed.files.map((f) => f.path) };
}
