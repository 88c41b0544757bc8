import { call, put } from 'typed-redux-saga';
import type { mediaActions } from '../../src/state/playback';
import { preferencesActions } from '../../src/state/preferences';
import { getPorts } from '../lib/context';
import { MUTED_KEY, VOLUME_KEY } from '../lib/storageKeys';
import { storedMuted, storedVolume } from '../lib/storedValues';

/**
 * The last session's volume and mute (SPEC.md section 3: player-volume 1, player-muted false by
 * default), kept for the stream actor to apply with the first load.
 */
export function* readBackVolume() {
  const { storage } = yield* getPorts();
  const volume = yield* call([storage, storage.get], VOLUME_KEY);
  const muted = yield* call([storage, storage.get], MUTED_KEY);
  if (volume === null && muted === null) return; // the defaults
  yield* put(
    preferencesActions.volumeRestored({ volume: storedVolume(volume), muted: storedMuted(muted) }),
  );
}

/** The volume and mute as the media element reports them (the state follows in its reducer). */
export function* rememberVolume(action: ReturnType<typeof mediaActions.volumeChanged>) {
  const { storage } = yield* getPorts();
  yield* call([storage, storage.set], VOLUME_KEY, String(action.payload.volume));
  // the mute made for the browser's autoplay rule is not the viewer's: the next visit may have sound
  if (action.payload.mutedForBrowser) return;
  yield* call([storage, storage.set], MUTED_KEY, String(action.payload.muted));
}
