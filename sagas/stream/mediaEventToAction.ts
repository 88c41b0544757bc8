import type { MediaEvent } from '../../src/ports/types';
import { mediaActions } from '../../src/state/playback';
import { streamActions } from '../../src/state/stream';

/** Each media element or hls.js event becomes the fact it reports. */
export function mediaEventToAction(event: MediaEvent) {
  switch (event.type) {
    case 'playing':
      return mediaActions.playing();
    case 'pause':
      return mediaActions.paused();
    case 'waiting':
      return mediaActions.waiting();
    case 'ended':
      return mediaActions.ended();
    case 'seeked':
      return mediaActions.seeked({ currentTime: event.currentTime });
    case 'timeupdate':
      return mediaActions.timeUpdated({
        currentTime: event.currentTime,
        duration: event.duration,
        bufferedEnd: event.bufferedEnd,
      });
    case 'volumechange':
      return mediaActions.volumeChanged({ volume: event.volume, muted: event.muted });
    case 'levels':
      return streamActions.levelsLoaded({ levels: event.levels });
    case 'levelSwitched':
      return streamActions.levelSwitched({ level: event.level });
    case 'error':
      return streamActions.errorOccurred({
        fatal: event.fatal,
        kind: event.kind,
        details: event.details,
      });
  }
}
