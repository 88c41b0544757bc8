import { select } from 'typed-redux-saga';
import { on, takeEach } from '../lib/takeEach';
import { mediaActions } from '../../src/state/playback';
import { streamRequests } from '../../src/state/stream';
import { subtitleStyleRequests } from '../../src/state/subtitleStyle';
import { selectBootEnded } from '../../src/state/system';
import { rememberAudio } from './audio';
import { readBackRate, rememberRate } from './rate';
import {
  readBackSubtitles,
  readBackSubtitleStyle,
  rememberSubtitles,
  rememberSubtitleStyle,
} from './subtitles';
import { readBackVolume, rememberVolume } from './volume';

/**
 * The preferences actor: the one that keeps what the viewer set up for the next sessions (SPEC.md
 * section 3): the volume and mute, the speed, the subtitles and their style, the audio label of
 * each content and the favourite audio labels. It reads the last session's back once, into the
 * state, where the stream actor applies them, and writes each as the viewer changes it. (The audio
 * label and the favourites are read by the stream actor as a stream's tracks come: the label is
 * kept by content, known only once the catalog answered.)
 */
export function* preferencesActor() {
  // started again after the boot, the actor keeps this session's
  if (!(yield* select(selectBootEnded))) {
    yield* readBackSubtitleStyle();
    yield* readBackVolume();
    yield* readBackRate();
    yield* readBackSubtitles();
  }
  yield* takeEach(
    on(mediaActions.volumeChanged, rememberVolume),
    on(streamRequests.rateRequested, rememberRate),
    on(streamRequests.subtitleRequested, rememberSubtitles),
    on(
      [subtitleStyleRequests.styleRequested, subtitleStyleRequests.styleReset],
      rememberSubtitleStyle,
    ),
    on(streamRequests.audioTrackRequested, rememberAudio),
  );
}
