// Ways for the flight log to leave the player's frame: the debug API (puppeteer), a request from the
// embedding page (answered to its origin only), and a keyboard shortcut that downloads it.
import { PROTOCOL } from '../app/protocol';
import type { FlightRecorder } from './recorder';

export const DOWNLOAD_SHORTCUT = 'Ctrl+Shift+L';

export function logAsJson(recorder: FlightRecorder): string {
  return JSON.stringify(recorder.export());
}

export function downloadLog(recorder: FlightRecorder) {
  const blob = new Blob([logAsJson(recorder)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `flight-log-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Answers {protocol, command: 'exportLog', requestId} from the parent window with a 'flightLog' event. */
export function installLogExporters(recorder: FlightRecorder, parentOrigin: string | null) {
  window.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as {
      protocol?: unknown;
      command?: unknown;
      requestId?: unknown;
    } | null;
    if (!parentOrigin || event.source !== window.parent || event.origin !== parentOrigin) return;
    if (message?.protocol !== PROTOCOL || message.command !== 'exportLog') return;
    const requestId =
      typeof message.requestId === 'string' || typeof message.requestId === 'number'
        ? message.requestId
        : null;
    window.parent.postMessage(
      { protocol: PROTOCOL, event: 'flightLog', requestId, data: logAsJson(recorder) },
      parentOrigin,
    );
  });
  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey && event.shiftKey && event.code === 'KeyL') {
      event.preventDefault();
      downloadLog(recorder);
    }
  });
}
