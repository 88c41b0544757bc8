// Ways for the flight log to leave the player's frame: the debug API (puppeteer), a request from the
// embedding page (answered to its origin only), and a keyboard shortcut that downloads it.
import type { Middleware } from '@reduxjs/toolkit';
import { PROTOCOL } from '../shared/protocol';
import type { PlayerState } from '../state';
import { bridgeActions } from '../state/bridge';
import type { FlightRecorder } from './recorder';

export const DOWNLOAD_SHORTCUT = 'Ctrl+Shift+L';

export async function logAsJson(recorder: FlightRecorder): Promise<string> {
  return JSON.stringify(await recorder.export());
}

export async function downloadLog(recorder: FlightRecorder) {
  const blob = new Blob([await logAsJson(recorder)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `flight-log-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * Answers the host page's exportLog command (the bridge checked it and put bridge/logRequested) with
 * a 'flightLog' event, posted to the host's origin only. Outside the actors: the log is the
 * recorder's, and a replay must not post it.
 */
export function logExportMiddleware(log: () => Promise<string>): Middleware<object, PlayerState> {
  return (api) => (next) => (action) => {
    const result = next(action);
    const { target } = api.getState().bridge;
    if (bridgeActions.logRequested.match(action) && target && window.parent !== window) {
      const { requestId } = action.payload;
      void log().then((data) =>
        window.parent.postMessage(
          { protocol: PROTOCOL, event: 'flightLog', requestId, data },
          target,
        ),
      );
    }
    return result;
  };
}

/** The keyboard shortcut that downloads the log (for a viewer's bug report). */
export function installLogDownload(recorder: FlightRecorder) {
  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey && event.shiftKey && event.code === 'KeyL') {
      event.preventDefault();
      void downloadLog(recorder);
    }
  });
}
