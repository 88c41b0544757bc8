// A folder made once by a slow recipe (ffmpeg media, for instance) and kept under
// node_modules/.cache: made again only when its recipe changes. It is made beside its place and moved
// in whole, so a run stopped half-way never leaves a half-made folder behind.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CACHE_DIR = join(__dirname, '..', 'node_modules', '.cache');

/** `make` fills the empty folder it is given; `recipe` names what it makes (its inputs, a version). */
export function cachedFolder(name: string, recipe: string, make: (work: string) => void): string {
  const dir = join(CACHE_DIR, name);
  const stamp = join(dir, 'recipe.txt');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === recipe) return dir;
  const work = `${dir}.part`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  make(work);
  writeFileSync(join(work, 'recipe.txt'), recipe);
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return dir;
}
