// The page's first script: while the player's own code is still on its way, it starts the requests
// the first frame waits on (firstFrameRequests.ts) in a worker of their own (earlyWorker.ts), keeps
// their answers for the actors and hls.js (earlyAnswers.ts, earlyRelay.ts), and imports the hls.js
// chunk beside the player's code.
import workerCode from 'bundle-text:./earlyWorker';
import { ACCESS_COOKIE, usableToken } from '../api/token';
import { createCookiePort, createStoragePort } from '../ports/storage';
import { audioMemoryKey } from '../stream/audioTracks';
import { FAVOURITE_AUDIO_KEY } from '../../sagas/lib/storageKeys';
import type { PlayerConfig } from '../shared/config';
import { createMirroredAnswers, type PageMessage } from './earlyRelay';
import { createEarlyAnswers, fetchEarlySegment, type EarlyAnswers } from './earlyAnswers';
import { DEFAULT_TIMEOUT_MS } from '../api/endpoints';
import { getText, sendByFetch } from '../ports/http';
import { afterEpisodes, catalogRequests, type AudioMemory } from './firstFrameRequests';
import { handOver } from './earlyHandover';
import { pageConfig } from './pageConfig';
import { ignore } from '../shared/ignore';
import { watchPolicyViolations } from './policyViolations';

/** The audio the viewer's storage remembers, for the worker, which has no storage. */
function audioMemory(config: PlayerConfig): AudioMemory {
  const storage = createStoragePort();
  return {
    remembered: config.movieId == null ? null : storage.get(audioMemoryKey(config.movieId)),
    favourites: storage.get(FAVOURITE_AUDIO_KEY),
  };
}

/** Answers of the page's own requests first, then the worker's. */
function joined(here: EarlyAnswers, worker: EarlyAnswers): EarlyAnswers {
  return { ...worker, take: (req) => here.take(req) ?? worker.take(req) };
}

/** The page's first script: the requests of the first frame and the hls.js chunk; it never throws. */
export function startEarly(): void {
  watchPolicyViolations(); // first: what the page's policy refuses from here on is kept
  import('hls.js').catch(ignore); // beside the player's code, not after it
  try {
    const config = pageConfig();
    const token = usableToken(createCookiePort().get(ACCESS_COOKIE));
    const catalog = catalogRequests(config, token, Date.now());
    if (!catalog) return; // nothing to foresee: the actors do it all
    // the catalog from here, at once: the worker takes some tens of ms to start
    const here = createEarlyAnswers();
    for (const req of catalog.others) void here.start(req);
    const episodes = here.start(catalog.episodes);
    handOver(here); // should no worker be had, the actors still take these
    // the worker starts meanwhile: the rest of the chain goes on there (earlyRelay.ts)
    const source = URL.createObjectURL(new Blob([workerCode], { type: 'text/javascript' }));
    const worker = new Worker(source, { name: 'early start' });
    const post = (message: PageMessage) => worker.postMessage(message);
    const mirror = createMirroredAnswers(post, () => void import('hls.js-demuxers').catch(ignore), {
      send: sendByFetch,
      fetchPlaylist: (url) => getText(url, DEFAULT_TIMEOUT_MS),
      fetchSegment: fetchEarlySegment,
    });
    // an error in the worker, or a message it could not send: the page asks for the rest itself
    worker.onerror = () => mirror.lost();
    worker.onmessageerror = () => mirror.lost();
    worker.onmessage = ({ data }) => {
      URL.revokeObjectURL(source); // the worker runs: nothing else will ask for its script
      mirror.receive(data);
    };
    handOver(joined(here, mirror.answers));
    episodes
      .then((res) => {
        const start = afterEpisodes(res, catalog.episodes.url, config);
        if (!start) return worker.terminate();
        // kept before the actors can ask for it: they hear the episodes' answer a task later
        mirror.expect(start);
        post({ kind: 'start', start, config, audio: audioMemory(config), base: location.href });
      })
      .catch(() => worker.terminate()); // the actors meet the same failure and say what it is
  } catch {
    // a page that may not make a worker: the actors do it all themselves
  }
}
