/** @jest-environment node */
// The SDK as a host developer gets it: the package is built and packed, a fresh strict TypeScript
// project installs the tarball (offline: the package has no dependencies) and type-checks against
// it; a wrong event name or payload field does not compile; Node imports the module without a window.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackage } from '../packPackage';

const ROOT = join(__dirname, '..', '..', '..');
const PACKAGE = join(ROOT, 'packages', 'sdk');
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');

const readJson = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

const GOOD = `
import {
  attachPlayer,
  createPlayer,
  mountAll,
  PlayerError,
  type HostEpisode,
  type HostQoe,
  type PlayerEvents,
} from 'kino-player-sdk';

const player = createPlayer(document.body, { playerUrl: 'https://player.example/' });
player.on('episodeChanged', (e) => e.title);
const off = player.on('timeupdate', ({ currentTime, duration }) => currentTime / duration);
off();
player.once('adBreakStarted', (data) => data.kind === 'midroll');
player.on('*', (_data, event) => event.toUpperCase());
const time: Promise<number> = player.getCurrentTime();
const episode: Promise<HostEpisode | null> = player.getEpisode();
const qoe: Promise<HostQoe> = player.getQoe();
const volume: PlayerEvents['volumeChange'] = { volume: 1, muted: false };
player.seek(12).catch((error: unknown) => {
  if (error instanceof PlayerError && error.code === 'AD_PLAYING') return;
  if (error instanceof PlayerError && error.code === 'TIMEOUT') return;
});
// (these are errors, so the types are there: were they any, the comments would be the errors)
// @ts-expect-error: no such event
player.on('nosuch', () => 0);
// @ts-expect-error: seek takes seconds
void player.seek('12');
attachPlayer(document.createElement('iframe')).destroy();
mountAll({ playerUrl: 'https://player.example/' });
export { time, episode, volume, qoe };
`;

const BAD_EVENT = `
import { createPlayer } from 'kino-player-sdk';
const player = createPlayer(document.body, { playerUrl: 'https://player.example/' });
player.on('episodeChange', (e) => e);
`;

const BAD_FIELD = `
import { createPlayer } from 'kino-player-sdk';
const player = createPlayer(document.body, { playerUrl: 'https://player.example/' });
player.on('episodeChanged', (e) => e.titel);
`;

// the React entry, in a TSX file, with the project's own React types (the package installs no React)
const GOOD_REACT = `
import { useRef } from 'react';
import { PlayerError } from 'kino-player-sdk';
import { KinoPlayer, type KinoPlayerHandle } from 'kino-player-sdk/react';

export function Film() {
  const player = useRef<KinoPlayerHandle>(null);
  return (
    <div>
      <KinoPlayer
        ref={player}
        playerUrl="https://player.example/"
        movieId={2}
        episodeId={203}
        autoPlay
        advert
        onReady={(info) => info.commands.length}
        onEpisodeChanged={(episode) => episode.title}
        onTimeupdate={({ currentTime, duration }) => currentTime / duration}
        onAdBreakStarted={(data) => data.kind === 'midroll'}
      />
      <button onClick={() => void player.current?.seek(120).catch((error: unknown) => {
        if (error instanceof PlayerError && error.code === 'AD_PLAYING') return;
      })} />
      {/* @ts-expect-error: movieId is needed */}
      <KinoPlayer playerUrl="https://player.example/" />
    </div>
  );
}
`;

const BAD_REACT_FIELD = `
import { KinoPlayer } from 'kino-player-sdk/react';
export const film = (
  <KinoPlayer playerUrl="/" movieId={2} onEpisodeChanged={(episode) => episode.titel} />
);
`;

const compilerOptions = (module: string) => ({
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: 'ES2022',
  module,
  moduleResolution: module === 'ESNext' ? 'bundler' : module,
  lib: ['ES2022', 'DOM'],
  types: [],
  jsx: 'react-jsx',
  // React's types from the project (the host's own in a real app): nothing more is installed
  paths: {
    react: [join(ROOT, 'node_modules', '@types', 'react', 'index.d.ts')],
    'react/jsx-runtime': [join(ROOT, 'node_modules', '@types', 'react', 'jsx-runtime.d.ts')],
  },
});

/** tsc's diagnostics, by file, for a project of these files. */
function typecheck(app: string, module: string, files: string[]) {
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: compilerOptions(module), files }),
  );
  const run = spawnSync(TSC, ['-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: app,
    encoding: 'utf8',
  });
  // one diagnostic a line, its details on the indented lines after it
  const diagnostics: string[] = [];
  for (const line of `${run.stdout}${run.stderr}`.split('\n')) {
    if (/^\s/.test(line) && diagnostics.length > 0)
      diagnostics[diagnostics.length - 1] += `\n${line}`;
    else if (/error TS\d+/.test(line)) diagnostics.push(line);
  }
  return (file: string) => diagnostics.filter((d) => d.startsWith(file));
}

describe('the kino-player-sdk package', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kino-sdk-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('has the version of the project', () => {
    expect(readJson(join(PACKAGE, 'package.json')).version).toBe(
      readJson(join(ROOT, 'package.json')).version,
    );
  });

  it('packs, installs in a fresh project, and type-checks strictly: typed events, wrong ones refused', () => {
    const packed = packPackage('sdk', work);
    const files = packed.files.sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist/index.js',
        'dist/react.js',
        'dist/embed.js',
        'dist/types/sdk/index.d.ts',
        'dist/types/sdk/react.d.ts',
        'dist/types/shared/protocol.d.ts',
      ]),
    );
    expect(files.filter((f) => !/^(package\.json|README\.md|dist\/)/.test(f))).toEqual([]);

    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'host-app', private: true, type: 'module' }),
    );
    execFileSync(
      'npm',
      ['install', join(work, packed.filename), '--offline', '--no-audit', '--no-fund'],
      { cwd: app, stdio: 'pipe' },
    );
    writeFileSync(join(app, 'good.ts'), GOOD);
    writeFileSync(join(app, 'bad-event.ts'), BAD_EVENT);
    writeFileSync(join(app, 'bad-field.ts'), BAD_FIELD);
    writeFileSync(join(app, 'good-react.tsx'), GOOD_REACT);
    writeFileSync(join(app, 'bad-react-field.tsx'), BAD_REACT_FIELD);

    // a bundler's project (Vite, webpack, Parcel)
    const errors = typecheck(app, 'ESNext', [
      'good.ts',
      'bad-event.ts',
      'bad-field.ts',
      'good-react.tsx',
      'bad-react-field.tsx',
    ]);
    expect(errors('good.ts')).toEqual([]);
    expect(errors('good-react.tsx')).toEqual([]);
    expect(errors('bad-react-field.tsx').join('\n')).toMatch(
      /Property 'titel' does not exist on type 'HostEpisode'/,
    );
    expect(errors('node_modules')).toEqual([]);
    expect(errors('bad-event.ts').join('\n')).toMatch(
      /"episodeChange"' is not assignable to parameter of type 'keyof PlayerEvents'/,
    );
    expect(errors('bad-field.ts').join('\n')).toMatch(
      /Property 'titel' does not exist on type 'HostEpisode'/,
    );
    // and a project resolving as Node does (the declarations' own imports must resolve)
    expect(typecheck(app, 'NodeNext', ['good.ts', 'good-react.tsx'])('')).toEqual([]);

    // Node imports the module (its exports' "import") with no window at all
    const imported = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const sdk = await import('kino-player-sdk'); console.log(Object.keys(sdk).sort().join(','))",
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(imported.trim().split(',')).toEqual(
      expect.arrayContaining([
        'KinoPlayer',
        'PlayerError',
        'attachPlayer',
        'createPlayer',
        'mountAll',
      ]),
    );
  }, 60_000);
});
