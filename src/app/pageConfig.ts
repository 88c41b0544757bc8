import { parentOrigin } from '../ports/parent';
import { parseConfig, parseDeploymentSettings } from './config';
import { type PlayerConfig } from '../shared/config';
import { readFrameDataset } from './frameDataset';

/**
 * The configuration of the player on this page: its address, its frame's data, its deployment's
 * global settings (the kino-player-settings meta of index.html) and its embedder.
 */
let told = false;

export function pageConfig(): PlayerConfig {
  const config = parseConfig({
    search: location.search,
    origin: location.origin,
    href: location.href,
    dataset: readFrameDataset(),
    deployment: parseDeploymentSettings(
      document.querySelector('meta[name="kino-player-settings"]')?.getAttribute('content'),
    ),
    hostOrigin: parentOrigin(),
    framed: window.parent !== window,
  });
  // for the customer who wrote it: the page shows only the error screen and its id (told once,
  // though the first script and the player both read the configuration)
  if (config.settingProblem && !told) console.error(`Kino player: ${config.settingProblem}`);
  told = true;
  return config;
}
