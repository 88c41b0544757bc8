import { createBrowserPorts } from '../ports/browser';
import { reportLog } from '../recorder/reportLog';
import { installLogDownload, logAsJson, logExportMiddleware } from '../recorder/exporters';
import { createActionTap } from './actionTap';
import { afterFirstFrame } from './afterFirstFrame';
import { bufferOfElement } from './filmCanSpareTheLink';
import { createErrorReporter, errorReportMiddleware } from './errorReporting';
import { installDebugApi } from './debugApi';
import { takeEarlyStart } from './earlyHandover';
import { pageConfig } from './pageConfig';
import { createRecordedPlayer } from './recordedPlayer';
import { loadViewWhenWanted } from './viewLoader';
import { uiRequests } from '../state/ui';
import { reloadAfterFailure } from './reloadAfterFailure';
import { bootWhenNetworkBound } from './bootHold';

const config = pageConfig();
const early = takeEarlyStart();
bootWhenNetworkBound(early, config.autoPlay, boot);

function boot(): void {
  const rngSeed = crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
  const elements = {
    player: document.getElementById('player') as HTMLElement,
    video: document.getElementById('video') as HTMLVideoElement,
    adVideo: document.getElementById('ad-video') as HTMLVideoElement,
  };
  const filmBuffer = bufferOfElement(elements.video);
  const build = process.env.PLAYER_BUILD || 'dev'; // empty when the build could not tell
  const reporter = createErrorReporter(config, build, async () =>
    reportLog(await recorder.export()),
  );
  const tap = createActionTap();
  const ports = createBrowserPorts(elements, rngSeed, early);
  const { store, recorder } = createRecordedPlayer(
    ports,
    config,
    {
      build,
      rngSeed,
      now: () => performance.now(),
      sessionStart: new Date().toISOString(),
    },
    {
      middleware: [
        errorReportMiddleware(reporter),
        afterFirstFrame(() => {
          reporter.start();
          void ports.http.loadAxios();
        }, filmBuffer),
        logExportMiddleware(() => logAsJson(recorder)),
        tap.middleware,
      ],
    },
  );
  installDebugApi(store, config, recorder, tap);
  installLogDownload(recorder);

  // The interface comes when the viewer needs it; until then the page's own placeholder, then its
  // spinner over the film.
  const ui = document.getElementById('ui') as HTMLElement;
  loadViewWhenWanted({
    store,
    autoPlay: config.autoPlay,
    placeholder: ui.querySelector('[data-early]'),
    spinner: ui.querySelector<HTMLElement>('[data-starting]'),
    mount: async () =>
      (await import('./view')).mountView(store, ui, () => {
        store.dispatch(uiRequests.reloadRequested());
        reloadAfterFailure(store.getState(), ports.page);
      }),
    // a page error, reported; the film plays on under the browser's own controls, so that the
    // viewer can still pause, seek and leave fullscreen
    onFailure: (error) => {
      reportError(error);
      elements.video.controls = true;
    },
    interaction: document,
    film: { buffer: filmBuffer, events: elements.video },
  });
}
