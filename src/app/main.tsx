import { createRoot } from 'react-dom/client';
import { PlayerProvider } from '../components/PlayerProvider';
import { PlayerRoot } from '../components/PlayerRoot';
import { createBrowserPorts } from '../ports/browser';
import { parentOrigin } from '../ports/parent';
import { installLogDownload, logAsJson, logExportMiddleware } from '../recorder/exporters';
import { createActionTap } from './actionTap';
import { parseConfig } from './config';
import { createErrorReporter, errorReportMiddleware } from './errorReporting';
import { installDebugApi } from './debugApi';
import { readFrameDataset } from './frameDataset';
import { createRecordedPlayer } from './recordedPlayer';

/** Entries of the flight log attached to an error report. */
const REPORT_LOG_TAIL = 500;

const config = parseConfig({
  search: location.search,
  origin: location.origin,
  dataset: readFrameDataset(),
  hostOrigin: parentOrigin(),
  framed: window.parent !== window,
});
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
  createBrowserPorts(elements, rngSeed),
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

createRoot(document.getElementById('ui') as HTMLElement).render(
  <PlayerProvider store={store}>
    <PlayerRoot onReload={() => location.reload()} />
  </PlayerProvider>,
);
