// The player's hls.js is built from the package's sources (tools/build/hls.mjs), which import
// helpers the package's own bundle has inside it. They are the project's devDependencies, at the
// versions hls.js's release was built with: an hls.js upgrade that moves one fails here, not in a
// viewer's browser.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const readJson = (path: string) =>
  JSON.parse(readFileSync(resolve(ROOT, path), 'utf8')) as {
    version: string;
    devDependencies?: Record<string, string>;
  };

const project = readJson('package.json');
const hlsJs = readJson('node_modules/hls.js/package.json');
const BUNDLED = ['@svta/cml-id3', '@svta/cml-utils', 'eventemitter3', 'url-toolkit'];

test.each(BUNDLED)('%s is installed at the version hls.js was built with', (name) => {
  const wanted = hlsJs.devDependencies?.[name];
  expect(wanted).toBeDefined();
  expect(project.devDependencies?.[name]).toBe(wanted);
  expect(readJson(`node_modules/${name}/package.json`).version).toBe(wanted);
});
