import { createBrowserPorts } from '../ports/browser';
import { installLogDownload, logAsJson, logExportMiddleware } from '../recorder/exporters';
import { createActionTap } from './actionTap';
import { createErrorReporter, errorReportMiddleware } from './errorReporting';
import { installDebugApi } from './debugApi';
import { takeEarlyStart } from './earlyStart';
import { pageConfig } from './pageConfig';
import { createRecordedPlayer } from './recordedPlayer';
import { loadingPlaceholderShown, VIEW_AT_THE_LATEST_MS, viewWanted } from './viewWanted';

/** Entries of the flight log attached to an error report. */
const REPORT_LOG_TAIL = 500;
/** Tries at the interface's bundle before the film plays on without it. */
const VIEW_LOAD_TRIES = 3;

const config = pageConfig();
const rngSeed = crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
const elements = {
  player: document.getElementById('player') as HTMLElement,
  video: document.getElementById('video') as HTMLVideoElement,
  adVideo: document.getElementById('ad-video') as HTMLVideoElement,
};
const reporter = createErrorReporter(config, () =>
  JSON.stringify(recorder.exportTail(REPORT_LOG_TAIL)),
);
const tap = createActionTap();
const { store, recorder } = createRecordedPlayer(
  createBrowserPorts(elements, rngSeed, takeEarlyStart()),
  config,
  {
    build: process.env.PLAYER_BUILD ?? 'dev',
    rngSeed,
    now: () => performance.now(),
    sessionStart: new Date().toISOString(),
  },
  {
    middleware: [
      errorReportMiddleware(reporter),
      logExportMiddleware(() => logAsJson(recorder)),
      tap.middleware,
    ],
  },
);
installDebugApi(store, config, recorder, tap);
installLogDownload(recorder);

// The interface comes when the viewer needs it (viewWanted); until then the page's placeholder.
const ui = document.getElementById('ui') as HTMLElement;
let viewRequested = false;
async function loadView(tries = VIEW_LOAD_TRIES): Promise<void> {
  try {
    const { mountView } = await import('./view');
    mountView(store, ui, () => location.reload());
  } catch (error) {
    if (tries <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return loadView(tries - 1);
  }
}
function requestView() {
  if (viewRequested) return;
  viewRequested = true;
  unsubscribe();
  clearTimeout(latest);
  void loadView();
}
const unsubscribe = store.subscribe(() => {
  const state = store.getState();
  if (!loadingPlaceholderShown(state)) ui.querySelector('[data-early]')?.remove();
  if (viewWanted(state, config.autoPlay)) requestView();
});
const latest = setTimeout(requestView, VIEW_AT_THE_LATEST_MS);
if (viewWanted(store.getState(), config.autoPlay)) requestView();
