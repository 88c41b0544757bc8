import { parentOrigin } from '../ports/parent';
import { parseConfig } from './config';
import { type PlayerConfig } from '../shared/config';
import { readFrameDataset } from './frameDataset';

/** The configuration of the player on this page: its address, its frame's data and its embedder. */
export function pageConfig(): PlayerConfig {
  return parseConfig({
    search: location.search,
    origin: location.origin,
    dataset: readFrameDataset(),
    hostOrigin: parentOrigin(),
    framed: window.parent !== window,
  });
}
