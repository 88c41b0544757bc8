import { createCookiePort, createStoragePort } from '../../../src/ports/storage';

/** A third-party frame with storage blocked: every access throws, as browsers do there. */
function blockStorage() {
  const storage = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
  const denied = () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  Object.defineProperty(document, 'cookie', { configurable: true, get: denied, set: denied });
  Object.defineProperty(window, 'localStorage', { configurable: true, get: denied });
  return () => {
    delete (document as unknown as Record<string, unknown>).cookie; // back to Document's own
    Object.defineProperty(window, 'localStorage', storage);
  };
}

describe('storage and cookies blocked in a third-party frame', () => {
  it('keep what the player writes for the session, and never throw', () => {
    const unblock = blockStorage();
    try {
      const cookies = createCookiePort();
      const storage = createStoragePort();
      expect(cookies.get('device_fp')).toBeNull();
      expect(() => cookies.set('device_fp', 'abc', { maxAgeDays: 365, path: '/' })).not.toThrow();
      expect(cookies.get('device_fp')).toBe('abc');
      expect(() => storage.set('player-volume', '0.4')).not.toThrow();
      expect(storage.get('player-volume')).toBe('0.4');
      storage.remove('player-volume');
      expect(storage.get('player-volume')).toBeNull();
    } finally {
      unblock();
    }
  });

  it('write through to the real cookie and storage when they work', () => {
    const cookies = createCookiePort();
    cookies.set('seen', 'yes', { maxAgeDays: 1, path: '/' });
    // jsdom keeps no Secure cookie on http: the session copy answers
    expect(cookies.get('seen')).toBe('yes');
    createStoragePort().set('k', 'v');
    expect(window.localStorage.getItem('k')).toBe('v');
  });
});

describe('storage that refuses a write (quota)', () => {
  it("answers this session's newer value, not the older one it still holds", () => {
    window.localStorage.setItem('player-playback-rate', '1.5');
    const storage = createStoragePort();
    expect(storage.get('player-playback-rate')).toBe('1.5'); // the last session's
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      storage.set('player-playback-rate', '0.75');
      expect(window.localStorage.getItem('player-playback-rate')).toBe('1.5');
      expect(storage.get('player-playback-rate')).toBe('0.75');
    } finally {
      setItem.mockRestore();
      window.localStorage.clear();
    }
  });
});
