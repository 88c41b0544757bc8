import { call, race, select, take } from 'typed-redux-saga';
import { mediaActions } from '../../src/state/playback';
import type { MediaTrack } from '../../src/shared/media';
import { selectRememberedSubtitles } from '../../src/state/preferences';
import { streamActions, streamRequests } from '../../src/state/stream';
import { chooseSubtitleTrack } from '../../src/stream/subtitleChoice';
import { getPorts } from '../lib/context';

/**
 * The stream's subtitles came: the remembered ones (or off; the preferences actor keeps them) are
 * applied when the episode has them, once the video knows its duration (Chromium's own choice of
 * text tracks, made as the metadata comes, would otherwise show another track beside them). Applied
 * even when they seem to be on already: hls.js announces its tracks with none on and switches a
 * DEFAULT=YES one on right after.
 */
export function* restoreSubtitles(tracks: MediaTrack[]) {
  const { media } = yield* getPorts();
  const id = chooseSubtitleTrack(tracks, yield* select(selectRememberedSubtitles));
  if (id === null) return;
  const duration = yield* select((s: { media: { duration: number } }) => s.media.duration);
  if (duration <= 0) {
    // another load first: its own tracks decide; the viewer's choice meanwhile is the choice
    const { metadata } = yield* race({
      metadata: take(mediaActions.durationChanged.type),
      reloaded: take(streamActions.loadStarted.type),
      chosen: take(streamRequests.subtitleRequested.type),
    });
    if (!metadata) return;
  }
  yield* call([media, media.setSubtitleTrack], id);
}
