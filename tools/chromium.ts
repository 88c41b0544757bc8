// Where the browser tests and benchmarks find Chromium, and how they launch it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const INSTALL_HINT = `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`;

/** Headless flags that work on this machine kind; each launch gets a fresh profile. */
export function chromiumArgs(): string[] {
  return [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
    '--mute-audio',
    // Each fresh browser context opens a window whose omnibox popup (a WebUI of a hundred modules)
    // loads beside the page, on the same two cores: a viewer's tab pays nothing of it. With it, the
    // first frame on loopback took 780 ms for the player and 820 for bare hls.js; without, 490 and 425.
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    `--user-data-dir=${mkdtempSync(join(tmpdir(), 'player-chromium-'))}`,
  ];
}
