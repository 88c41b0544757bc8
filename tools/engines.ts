// Where the cross-engine browser tests find Firefox and WebKit (Debian's packages), and what to
// install when one is missing.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH, INSTALL_HINT as CHROMIUM_HINT } from './chromium';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** WebKitGTK's MiniBrowser, which libwebkit2gtk-4.1-0 installs under the architecture's lib dir. */
export function miniBrowserPath(): string | null {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  const lib = '/usr/lib';
  if (!existsSync(lib)) return null;
  for (const dir of readdirSync(lib)) {
    const path = join(lib, dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(path)) return path;
  }
  return null;
}

/** GStreamer's libav plugin, WebKitGTK's H.264 and AAC decoders (gstreamer1.0-libav). */
function gstreamerLibavFound(): boolean {
  const lib = '/usr/lib';
  if (!existsSync(lib)) return false;
  return readdirSync(lib).some((dir) =>
    existsSync(join(lib, dir, 'gstreamer-1.0', 'libgstlibav.so')),
  );
}

/** The Debian packages each engine needs (what .ci/run installs when missing). */
export const ENGINE_PACKAGES = {
  chromium: ['chromium'],
  firefox: ['firefox-esr'],
  webkit: [
    'webkit2gtk-driver',
    'xvfb',
    'gstreamer1.0-plugins-good',
    'gstreamer1.0-plugins-bad',
    'gstreamer1.0-libav',
  ],
} as const;

/** One line for each engine that cannot run here, saying how to install it; empty when all can. */
export function missingEngines(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push(CHROMIUM_HINT);
  if (!existsSync(FIREFOX_PATH))
    missing.push(
      `Firefox not found at ${FIREFOX_PATH}: install it with "apt-get install -y ${ENGINE_PACKAGES.firefox.join(' ')}" (or set FIREFOX_PATH).`,
    );
  if (
    !existsSync(WEBKIT_DRIVER_PATH) ||
    !miniBrowserPath() ||
    !existsSync(XVFB_PATH) ||
    !gstreamerLibavFound()
  )
    missing.push(
      `WebKit (WebKitWebDriver, MiniBrowser, Xvfb, GStreamer's decoders) not found: install it with "apt-get install -y ${ENGINE_PACKAGES.webkit.join(' ')}".`,
    );
  return missing;
}
