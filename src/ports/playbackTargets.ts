// Whether an AirPlay receiver or a casting device is within reach of the content <video> element. The
// browser tells it as devices come and go, so the viewport port reports it as its events.
import type { PlaybackTargetKind } from '../shared/media';
import { ignore } from '../shared/ignore';

/** WebKit's AirPlay, and the Remote Playback API, which not every browser has */
type TargetVideo = Omit<HTMLVideoElement, 'remote'> & {
  webkitShowPlaybackTargetPicker?: () => void;
  remote?: Partial<RemotePlayback>;
};

/** WebKit's WebKitPlaybackTargetAvailabilityEvent */
type AirPlayAvailabilityEvent = Event & { availability?: 'available' | 'not-available' };

const AIRPLAY_AVAILABILITY = 'webkitplaybacktargetavailabilitychanged';

/**
 * Tells each change of availability, from none at first; `known` is the availability told so far.
 * `stop` ends the browser's watch as well.
 */
export function watchPlaybackTargets(
  video: HTMLVideoElement,
  changed: (kind: PlaybackTargetKind, available: boolean) => void,
) {
  const el = video as TargetVideo;
  const known: Record<PlaybackTargetKind, boolean> = { airplay: false, remote: false };
  let stopped = false;
  const tell = (kind: PlaybackTargetKind, available: boolean) => {
    if (stopped || known[kind] === available) return;
    known[kind] = available;
    changed(kind, available);
  };
  const onAirPlay = (event: Event) =>
    tell('airplay', (event as AirPlayAvailabilityEvent).availability === 'available');
  // WebKit tells the availability as soon as it is listened for, then each change.
  video.addEventListener(AIRPLAY_AVAILABILITY, onAirPlay);
  // Safari's Remote Playback API is AirPlay again: the AirPlay button is enough there.
  const remote = typeof el.webkitShowPlaybackTargetPicker === 'function' ? undefined : el.remote;
  // Refused (NotSupportedError) where this element or its source cannot be cast: never offered.
  const watch =
    typeof remote?.watchAvailability === 'function'
      ? remote.watchAvailability((available) => tell('remote', available)).catch(() => null)
      : null;
  return {
    known: known as Readonly<typeof known>,
    stop() {
      stopped = true;
      video.removeEventListener(AIRPLAY_AVAILABILITY, onAirPlay);
      // a watch still starting is ended once the browser has given its id
      void watch
        ?.then((id) => (id === null ? undefined : remote?.cancelWatchAvailability?.(id)))
        .catch(ignore);
    },
  };
}
