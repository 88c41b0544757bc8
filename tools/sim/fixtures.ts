// Catalog data for unit and saga tests and the benchmarks, from the demo catalog so both describe the same content.
import { catalog } from '../../demo/catalog';

function entry(id: number) {
  const found = catalog[id];
  if (!found) throw new Error(`The demo catalog has no content ${id}`);
  return found;
}

export const film = entry(1);
export const series = entry(2);
