// npm run golden: re-records the golden flight logs. The browser tests keep the logs they mark as
// golden under test/artifacts/golden/; this copies them to test/replay/. Run it when the player's
// behaviour changed on purpose, and read the diff of the logs before committing them.
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const from = new URL('../test/artifacts/golden/', import.meta.url).pathname;
const to = new URL('../test/replay/', import.meta.url).pathname;
if (!existsSync(from)) {
  console.error(
    'No golden logs under test/artifacts/golden/: run the browser tests first (npm run test:e2e)',
  );
  process.exit(1);
}
for (const file of readdirSync(from).filter((f) => f.endsWith('.flight.json'))) {
  copyFileSync(join(from, file), join(to, file));
  console.log(`test/replay/${file}`);
}
