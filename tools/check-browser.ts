// Stops `npm test` with one line for each engine the browser tests cannot run in: never a silent skip.
import { missingEngines } from './engines';

const missing = missingEngines();
if (missing.length > 0) {
  for (const line of missing) console.error(line);
  process.exit(1);
}
