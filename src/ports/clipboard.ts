import type { ClipboardPort } from './types';

/** The system clipboard; false when the browser refuses (no permission in a third-party frame). */
export function createClipboardPort(): ClipboardPort {
  return {
    async copy(text) {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch {
        return false;
      }
    },
  };
}
