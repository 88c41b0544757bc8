// Stops `npm test` with one line when the browser tests cannot run: never a silent skip.
import { chromiumInstalled, INSTALL_HINT } from './chromium';

if (!chromiumInstalled()) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
