/** @jest-environment node */
// Importing the SDK does nothing: no window, no document, no location until a player is made (a
// host page's server-side rendering imports it where there are none).

const BROWSER_GLOBALS = ['window', 'document', 'location', 'navigator', 'self', 'addEventListener'];

describe('importing kino-player-sdk (and kino-player-sdk/react)', () => {
  it('touches no browser global', async () => {
    const touched: string[] = [];
    for (const name of BROWSER_GLOBALS) {
      expect(name in globalThis).toBe(false);
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return undefined;
        },
      });
    }
    try {
      const sdk = await import('../../../src/sdk/index');
      expect(typeof sdk.createPlayer).toBe('function');
      expect(typeof sdk.attachPlayer).toBe('function');
      expect(typeof sdk.mountAll).toBe('function');
      expect(sdk.EVENT_NAMES).toContain('episodeChanged');
      expect(new sdk.PlayerError('TIMEOUT', 'late')).toMatchObject({ code: 'TIMEOUT' });
      // and its React entry (kino-player-sdk/react), React itself included
      const react = await import('../../../src/sdk/react');
      expect(typeof react.KinoPlayer).toBe('object'); // forwardRef's
    } finally {
      for (const name of BROWSER_GLOBALS) Reflect.deleteProperty(globalThis, name);
    }
    expect(touched).toEqual([]);
  });
});
