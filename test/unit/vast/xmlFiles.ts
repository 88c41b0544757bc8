// The VAST documents under a folder (the IAB samples, the demo's), found recursively, in a fixed order.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function xmlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return xmlFiles(path);
      return name.endsWith('.xml') ? [path] : [];
    });
}
