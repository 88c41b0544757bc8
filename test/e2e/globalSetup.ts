import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startDemoServer, type DemoServer } from '../../demo/app';

declare global {
  var __demoServer: DemoServer | undefined;
}

/** Builds the player as shipped and starts the demo server on a free port for every browser test. */
export default async function globalSetup() {
  const root = join(__dirname, '..', '..');
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' }, // Jest sets 'test', which would bundle React's development build
  });
  const server = await startDemoServer(0, { defaultAdList: [] }); // tests of adverts ask for theirs
  globalThis.__demoServer = server;
  process.env.DEMO_URL = server.url;
}
