import { call, put, select } from 'typed-redux-saga';
import type { MediaTrack } from '../../src/shared/media';
import type { SubtitleChoice } from '../../src/shared/storedSchemas';
import { preferencesActions } from '../../src/state/preferences';
import type { streamRequests } from '../../src/state/stream';
import { selectSubtitleStyle, subtitleStyleActions } from '../../src/state/subtitleStyle';
import { getPorts } from '../lib/context';
import { SUBTITLE_STYLE_KEY, SUBTITLES_KEY } from '../lib/storageKeys';
import { storedSubtitleChoice, storedSubtitleStyle } from '../lib/storedValues';

/** The last session's subtitles, for the stream actor to apply as each stream's tracks come. */
export function* readBackSubtitles() {
  const { storage } = yield* getPorts();
  const choice = storedSubtitleChoice(yield* call([storage, storage.get], SUBTITLES_KEY));
  if (choice !== null) yield* put(preferencesActions.subtitlesRemembered(choice));
}

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
  yield* put(preferencesActions.subtitlesRemembered(choice));
}

/** How the viewer wants subtitles to look, as the last session left it. */
export function* readBackSubtitleStyle() {
  const { storage } = yield* getPorts();
  const style = storedSubtitleStyle(yield* call([storage, storage.get], SUBTITLE_STYLE_KEY));
  if (style) yield* put(subtitleStyleActions.restored(style));
}

/** Each change of the style, remembered as the state has it (checked by its reducer). */
export function* rememberSubtitleStyle() {
  const { storage } = yield* getPorts();
  const style = yield* select(selectSubtitleStyle);
  yield* call([storage, storage.set], SUBTITLE_STYLE_KEY, JSON.stringify(style));
}
