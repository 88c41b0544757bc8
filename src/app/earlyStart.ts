// The requests the first frame waits on, started by the page's first script while the player's own
// code is still on its way: the catalog's answers, the chosen episode's master JSON, its HLS manifest,
// what hls.js will load first from it, and the hls.js chunk. The actors still make every request
// themselves, through their ports, which hand them the answer already in flight (earlyAnswers), and
// hls.js its loads through its loaders; so the flight log records each as it always did, and a
// replay needs nothing of this.
import { catalogEndpoints, DEFAULT_TIMEOUT_MS, requestOf, withBearer } from '../api/endpoints';
import { successBody } from '../api/response';
import { ACCESS_COOKIE, isExpired, usableToken } from '../api/token';
import type { Episode, MasterJson } from '../api/types';
import { chooseEpisode } from '../api/chooseEpisode';
import { createCookiePort, createStoragePort } from '../ports/storage';
import { defaultSource, isMasterJson, withOrigin } from '../stream/links';
import { firstLevelOf, isMediaPlaylist, segmentsAt, type FirstLevel } from '../stream/firstLoads';
import {
  audioMemoryKey,
  chooseAudioTrack,
  DEFAULT_LANG_ORDER,
  FAVOURITES_KEPT,
  orderAudioTracks,
} from '../stream/audioTracks';
import { FAVOURITE_AUDIO_KEY } from '../../sagas/lib/storageKeys';
import type { FetchedText } from '../shared/http';
import type { PlayerConfig } from '../shared/config';
import { createEarlyAnswers, type EarlyAnswers } from './earlyAnswers';
import { pageConfig } from './pageConfig';
import { ignore } from '../shared/ignore';

/** Where the page's first script leaves its answers for the player's code. */
const HANDOVER = '__kinoEarlyStart';

/**
 * Starts what the first frame needs, as the boot and stream actors will ask for it: the catalog
 * calls, then the chosen episode's master JSON and manifest. Anything it cannot foresee (no movie id,
 * a token to refresh first) it leaves to the actors.
 */
export function startFirstFrameRequests(
  early: Pick<EarlyAnswers, 'start' | 'startPlaylist' | 'startSegment'>,
  config: PlayerConfig,
  token: string | null,
  nowMs: number,
): void {
  if (config.movieId == null || config.settingProblem) return;
  if (token && isExpired(token, nowMs)) return; // the boot actor refreshes it first
  const catalog = catalogEndpoints(config.envBaseUrl);
  const ask = (endpoint: Parameters<typeof requestOf>[0]) =>
    early.start(withBearer(requestOf(endpoint), token));
  ask(catalog.content(config.movieId));
  ask(catalog.seasons(config.movieId));
  if (!config.disableCheckingAvailable)
    ask(catalog.availability(config.movieId, config.hostDomain));
  const episodes = catalog.episodes(config.movieId);
  ask(episodes)
    .then((res) => {
      // unchecked (the boot actor checks the same answer): a wrong shape only fails this early start
      const episode = chooseEpisode(successBody(res, episodes.url) as Episode[], config);
      if (!episode) return;
      const path = withOrigin(episode.m3u8MasterFilePath, config.envBaseUrl);
      if (!isMasterJson(path)) return startFirstLoads(early, path, config);
      return early
        .start({ method: 'GET', url: path, timeoutMs: DEFAULT_TIMEOUT_MS })
        .then((master) => {
          const source = defaultSource(successBody(master, path) as MasterJson);
          if (source) startFirstLoads(early, withOrigin(source.link, path), config);
        });
    })
    .catch(ignore); // the actors meet the same answer and say what is wrong with it
}

/**
 * The viewer's favourite audio labels, read as StoredLabelsSchema reads them (a JSON list, its
 * non-empty strings) without the schema library: what the page's first script imports is downloaded
 * before it can start, and a shared bundle would be one request more.
 */
function favouriteLabels(raw: string | null): string[] {
  try {
    const list: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(list)) return [];
    return list
      .filter((label): label is string => typeof label === 'string' && label !== '')
      .slice(0, FAVOURITES_KEPT);
  } catch {
    return [];
  }
}

/**
 * The playlist of the audio the stream actor will switch on as the tracks come (the content's
 * remembered label, the viewer's favourites, the language order: sagas/stream/audioMemory.ts).
 */
function audioPlaylistOf(level: FirstLevel, config: PlayerConfig): string | null {
  const storage = createStoragePort();
  const remembered = config.movieId == null ? null : storage.get(audioMemoryKey(config.movieId));
  const favourites = remembered ? [] : favouriteLabels(storage.get(FAVOURITE_AUDIO_KEY));
  const tracks = level.audio.map(({ name, lang }, id) => ({ id, name, lang }));
  const ordered = orderAudioTracks(tracks, config.langOrder ?? DEFAULT_LANG_ORDER, favourites);
  const chosen = chooseAudioTrack(ordered, remembered);
  return chosen ? (level.audio[chosen.id]?.playlist ?? null) : null;
}

/**
 * The manifest, then what hls.js will load first from it (src/stream/firstLoads.ts): the first
 * level's video and audio playlists, then each one's init segment and the segment at `position`.
 */
function startFirstLoads(
  early: Pick<EarlyAnswers, 'startPlaylist' | 'startSegment'>,
  manifestUrl: string,
  config: PlayerConfig,
): void {
  const position = config.startTime ?? 0; // where the stream actor's first load starts
  const segmentsOf = ({ text, url }: FetchedText) => {
    const first = segmentsAt(text, url, position);
    if (first?.init) early.startSegment(first.init);
    if (first) early.startSegment(first.segment);
  };
  early
    .startPlaylist(manifestUrl)
    .then((manifest) => {
      if (isMediaPlaylist(manifest.text)) return segmentsOf(manifest);
      const level = firstLevelOf(manifest.text, manifest.url);
      if (!level) return;
      for (const playlist of [level.playlist, audioPlaylistOf(level, config)])
        if (playlist) early.startPlaylist(playlist).then(segmentsOf).catch(ignore);
    })
    .catch(ignore); // hls.js meets the same answer and says what is wrong with it
}

/** The page's first script: the requests of the first frame and the hls.js chunk; it never throws. */
export function startEarly(): void {
  const early = createEarlyAnswers();
  (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] = early;
  import('hls.js').catch(ignore); // beside the player's code, not after it
  try {
    const token = usableToken(createCookiePort().get(ACCESS_COOKIE));
    startFirstFrameRequests(early, pageConfig(), token, Date.now());
  } catch {
    // the actors do it all themselves
  }
}

/** The early start of this page, for the ports; null when the page had none. */
export function takeEarlyStart(): EarlyAnswers | null {
  const early = (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] ?? null;
  Reflect.deleteProperty(globalThis, HANDOVER); // the ports take it once
  return early;
}
