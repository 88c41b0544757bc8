// The early start's worker: the requests of the first frame from the episode's master JSON on
// (firstFrameRequests.ts), made here so that each next one goes out as soon as its answer is in,
// whatever the page's main thread is busy with; each announced to the page as it starts and its
// answer relayed (earlyRelay.ts).
import { DEFAULT_TIMEOUT_MS } from '../api/endpoints';
import { getText, sendByFetch } from '../ports/http';
import { fetchEarlySegment } from './earlyAnswers';
import { createAnnouncingRequester, type EarlyMessage, type PageMessage } from './earlyRelay';
import { startFromStream } from './firstFrameRequests';

let base = '';
/** an address as the page would resolve it: a worker made from a blob has no address of its own */
function absolute(url: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url; // no address at all: its fetch fails as a network error, as the page's would
  }
}

const { requester, abort } = createAnnouncingRequester(
  (message: EarlyMessage, transfer: Transferable[] = []) => self.postMessage(message, { transfer }),
  {
    send: (req) => sendByFetch({ ...req, url: absolute(req.url) }),
    fetchPlaylist: (url) => getText(absolute(url), DEFAULT_TIMEOUT_MS),
    fetchSegment: (url) => fetchEarlySegment(absolute(url)),
  },
  () => self.close(),
);

self.onmessage = ({ data }: MessageEvent<PageMessage>) => {
  if (data.kind === 'abort') return abort(data.url);
  base = data.base;
  startFromStream(requester, data.start, data.config, data.audio);
};
