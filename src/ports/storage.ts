import type { CookiePort, StoragePort } from './types';

/**
 * localStorage, falling back to memory when the browser blocks it (a third-party frame with
 * storage blocked throws on access): the player keeps its memory for the session and says nothing.
 */
export function createStoragePort(): StoragePort {
  const memory = new Map<string, string>();
  const local = (): Storage | null => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  };
  return {
    // this session's own writes first: one localStorage refused (quota) is newer than what it holds
    get(key) {
      const own = memory.get(key);
      if (own !== undefined) return own;
      try {
        return local()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      memory.set(key, value);
      try {
        local()?.setItem(key, value);
      } catch {
        // quota or blocked: the memory copy serves this session
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        local()?.removeItem(key);
      } catch {
        // blocked: nothing to remove
      }
    },
  };
}

/** A cookie's value as written: one that is not valid percent-encoding is no value. */
function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** document.cookie, with the same fallback to memory; a value that cannot be read counts as none. */
export function createCookiePort(): CookiePort {
  const memory = new Map<string, string>();
  const read = (): string => {
    try {
      return document.cookie;
    } catch {
      return '';
    }
  };
  return {
    get(name) {
      for (const part of read().split(';')) {
        const [key, ...rest] = part.trim().split('=');
        if (key === name) return decoded(rest.join('='));
      }
      return memory.get(name) ?? null;
    },
    set(name, value, { maxAgeDays, path }) {
      memory.set(name, value);
      try {
        document.cookie = `${name}=${encodeURIComponent(value)}; path=${path}; max-age=${Math.round(maxAgeDays * 86400)}; SameSite=None; Secure`;
      } catch {
        // blocked: the memory copy serves this session
      }
    },
  };
}
