// The whole player (store and every actor) on fake ports, for saga tests that run it end to end.
import { createPlayer } from '../../src/app/createPlayer';
import { parseConfig } from '../../src/app/config';
import type { Ports } from '../../src/ports/types';

export const BASE = 'https://demo.example';

export function startPlayer(search: string, ports: Ports) {
  return createPlayer({ ports, config: parseConfig({ search, origin: BASE }) });
}

/** Lets pending promises (port calls) and the sagas they resume run to completion. */
export async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
