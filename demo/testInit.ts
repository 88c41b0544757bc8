// The demo server's init scripts for the browser tests: `?test_init=no-mse,storage-blocked` on the
// player's page puts each named script first in its <head>, before any of the player's own, in every
// engine (WebDriver, unlike puppeteer, has no script of its own to run before a page's).
import type { NextFunction, Request, Response } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What each script takes away from the page, as a browser without it would have it. */
export const TEST_INIT_SCRIPTS: Record<string, string> = {
  // no MediaSource (an iPhone's Safari): hls.js goes to ManagedMediaSource where it exists
  'no-mse': `for (const name of ['MediaSource', 'WebKitMediaSource'])
    Object.defineProperty(window, name, { configurable: true, value: undefined });`,
  // no ManagedMediaSource either: the <video> element's own HLS, where the browser has it
  'no-mms': `Object.defineProperty(window, 'ManagedMediaSource', { configurable: true, value: undefined });`,
  // a viewer who asked the browser to save data (Chromium's navigator.connection; the other engines
  // have no such setting, so the page is given one)
  'save-data': `(() => {
    const connection = navigator.connection;
    if (connection) Object.defineProperty(connection, 'saveData', { configurable: true, get: () => true });
    else Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
  })();`,
  // a third-party frame whose cookies and storage the browser refuses
  'storage-blocked': `(() => {
    const denied = () => { throw new DOMException('Access is denied for this document.', 'SecurityError'); };
    Object.defineProperty(document, 'cookie', { configurable: true, get: denied, set: denied });
    Object.defineProperty(window, 'localStorage', { configurable: true, get: denied });
  })();`,
};

/** Serves the player's index.html with the scripts its `test_init` names; else passes it on. */
export function testInitPage(distDir: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const asked = typeof req.query.test_init === 'string' ? req.query.test_init : '';
    if (!asked) return next();
    const names = asked.split(',').filter(Boolean);
    const unknown = names.filter((name) => !(name in TEST_INIT_SCRIPTS));
    if (unknown.length > 0)
      return res
        .status(400)
        .type('text/plain')
        .send(`No test_init script ${unknown.join(', ')}`);
    const scripts = names.map((name) => `<script>${TEST_INIT_SCRIPTS[name]}</script>`).join('');
    // first in the document (the built page leaves out its optional <head> tag)
    const page = readFileSync(join(distDir, 'index.html'), 'utf8').replace(
      /<html[^>]*>/i,
      (html) => `${html}${scripts}`,
    );
    res.set('Cache-Control', 'no-store').type('html').send(page);
  };
}
