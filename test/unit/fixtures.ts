// Catalog data for unit and saga tests, from the demo catalog so both describe the same content.
import { catalog } from '../../demo/catalog';

export const film = catalog[1]!;
export const series = catalog[2]!;
