import { parentOrigin } from '../ports/parent';
import { parseConfig, parseDeploymentSettings } from './config';
import { type PlayerConfig } from '../shared/config';
import { readFrameDataset } from './frameDataset';

/**
 * The configuration of the player on this page: its address, its frame's data, its deployment's
 * global settings (the kino-player-settings meta of index.html) and its embedder.
 */
export function pageConfig(): PlayerConfig {
  return parseConfig({
    search: location.search,
    origin: location.origin,
    dataset: readFrameDataset(),
    deployment: parseDeploymentSettings(
      document.querySelector('meta[name="kino-player-settings"]')?.getAttribute('content'),
    ),
    hostOrigin: parentOrigin(),
    framed: window.parent !== window,
  });
}
