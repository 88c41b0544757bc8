import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR, cachedFolder } from '../../../tools/cachedFolder';

const NAME = `cached-folder-test-${process.pid}`;

describe('a folder made once and kept', () => {
  let made = 0;
  const make = (content: string) => (work: string) => {
    made += 1;
    writeFileSync(join(work, 'file.txt'), content);
  };
  afterAll(() => {
    for (const dir of [NAME, `${NAME}.part`])
      rmSync(join(CACHE_DIR, dir), { recursive: true, force: true });
  });

  it('is made on first use, kept after, and made again when its recipe changes', () => {
    const dir = cachedFolder(NAME, 'recipe 1', make('one'));
    expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('one');
    expect(cachedFolder(NAME, 'recipe 1', make('other'))).toBe(dir);
    expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('one');
    expect(made).toBe(1);
    cachedFolder(NAME, 'recipe 2', make('two'));
    expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('two');
    expect(made).toBe(2);
  });

  it('leaves the kept folder as it was when a making fails half-way', () => {
    const dir = cachedFolder(NAME, 'recipe 3', make('three'));
    expect(() =>
      cachedFolder(NAME, 'recipe 4', () => {
        throw new Error('ffmpeg failed');
      }),
    ).toThrow('ffmpeg failed');
    expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('three');
    expect(existsSync(join(dir, 'recipe.txt'))).toBe(true);
  });
});
