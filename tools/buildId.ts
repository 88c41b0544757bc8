// The player's build id: its version and the commit it was built from, e.g. "0.1.0+1a2b3c4d5e6f"
// ("0.1.0+1a2b3c4d5e6f-changed" from a working tree with changes not committed).
// The build bakes it into the bundle (the flight log's header, the error reports' release) and the
// replay command compares a log's with its own. Run directly, it prints it (for the build script).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** The commit, and "-changed" when the tracked files differ from it (code not yet committed). */
function commit(): string {
  try {
    const head = git('rev-parse', '--short=12', 'HEAD').trim();
    const changed = git('status', '--porcelain', '--untracked-files=no').trim() !== '';
    return changed ? `${head}-changed` : head;
  } catch {
    return 'unknown'; // built from a copy without its history
  }
}

export function buildId(): string {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `${version}+${commit()}`;
}

if (require.main === module) console.log(buildId());
