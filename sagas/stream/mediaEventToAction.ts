import type { MediaEvent } from '../../src/shared/media';
import { mediaActions } from '../../src/state/playback';
import { streamActions } from '../../src/state/stream';

/** Each media element or hls.js event becomes the fact it reports (errors are the actor's to judge). */
export function mediaEventToAction(event: Exclude<MediaEvent, { type: 'error' | 'tick' }>) {
  switch (event.type) {
    case 'playing':
      return mediaActions.playing();
    case 'pause':
      return mediaActions.paused({ currentTime: event.currentTime });
    case 'waiting':
      return mediaActions.waiting();
    case 'ended':
      return mediaActions.ended();
    case 'seeking':
      return mediaActions.seeking({ currentTime: event.currentTime });
    case 'seeked':
      return mediaActions.seeked({ currentTime: event.currentTime });
    case 'durationchange':
      return mediaActions.durationChanged({ duration: event.duration });
    case 'ratechange':
      return streamActions.rateChanged({ rate: event.rate });
    case 'volumechange':
      return mediaActions.volumeChanged({ volume: event.volume, muted: event.muted });
    case 'levels':
      return streamActions.levelsLoaded({ levels: event.levels, auto: event.auto });
    case 'levelSwitched':
      return streamActions.levelSwitched({ level: event.level, auto: event.auto });
    case 'audioTracks':
      return streamActions.audioTracksLoaded({ tracks: event.tracks, current: event.current });
    case 'audioTrackSwitched':
      return streamActions.audioTrackSwitched({ id: event.id });
    case 'subtitleTracks':
      return streamActions.subtitleTracksLoaded({ tracks: event.tracks, current: event.current });
    case 'subtitleTrackSwitched':
      return streamActions.subtitleTrackSwitched({ id: event.id });
    case 'licenseReceived':
      return streamActions.licenseReceived({
        keySystem: event.keySystem,
        url: event.url,
        bytes: event.bytes,
      });
  }
}
