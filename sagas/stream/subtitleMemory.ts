import { call, race, select, take } from 'typed-redux-saga';
import { mediaActions } from '../../src/state/playback';
import type { MediaTrack } from '../../src/shared/media';
import { streamActions, streamRequests } from '../../src/state/stream';
import { chooseSubtitleTrack, type SubtitleChoice } from '../../src/stream/subtitleChoice';
import { getPorts } from '../lib/context';
import { SUBTITLES_KEY } from '../lib/storageKeys';
import { storedSubtitleChoice } from '../lib/storedValues';

/**
 * The viewer's subtitles, remembered by language for every later episode and session (a host
 * page's command is not the viewer's preference).
 */
export function* rememberSubtitles({
  payload,
}: ReturnType<typeof streamRequests.subtitleRequested>) {
  if (payload.byHost) return;
  const { storage } = yield* getPorts();
  const track = yield* select((s: { stream: { subtitleTracks: MediaTrack[] } }) =>
    s.stream.subtitleTracks.find((t) => t.id === payload.id),
  );
  if (payload.id >= 0 && !track) return; // no such track: nothing was switched
  const choice: SubtitleChoice = track ? { lang: track.lang, name: track.name } : 'off';
  yield* call(
    [storage, storage.set],
    SUBTITLES_KEY,
    choice === 'off' ? choice : JSON.stringify(choice),
  );
}

/**
 * The stream's subtitles came: the remembered ones (or off) are applied when the episode has them,
 * once the video knows its duration (Chromium's own choice of text tracks, made as the metadata
 * comes, would otherwise show another track beside them). Applied even when they seem to be on
 * already: hls.js announces its tracks with none on and switches a DEFAULT=YES one on right after.
 */
export function* restoreSubtitles(tracks: MediaTrack[]) {
  const { media, storage } = yield* getPorts();
  const choice = storedSubtitleChoice(yield* call([storage, storage.get], SUBTITLES_KEY));
  const id = chooseSubtitleTrack(tracks, choice);
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
