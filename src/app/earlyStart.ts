// The requests the first frame waits on, started by the page's first script while the player's own
// code is still on its way: the catalog's answers, the chosen episode's master JSON, its HLS manifest,
// what hls.js will load first from it, and the hls.js chunk. The actors still make every request
// themselves, through their ports, which hand them the answer already in flight (earlyAnswers), and
// hls.js its loads through its loaders; so the flight log records each as it always did, and a
// replay needs nothing of this.
import { catalogEndpoints, DEFAULT_TIMEOUT_MS, requestOf, withBearer } from '../api/endpoints';
import { successBody } from '../api/response';
import { ACCESS_COOKIE, isExpired, usableToken } from '../api/token';
import { chooseEpisode, type ChoosableEpisode } from '../api/chooseEpisode';
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
import { isRecord } from '../shared/isRecord';
import { watchPolicyViolations } from './policyViolations';

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
      // read as the boot actor's schema reads the same answer: a wrong shape starts nothing early
      const episode = chooseEpisode(earlyEpisodes(successBody(res, episodes.url)), config);
      if (!episode) return;
      const path = withOrigin(episode.m3u8MasterFilePath, config.envBaseUrl);
      if (!isMasterJson(path)) return startFirstLoads(early, path, config);
      return early
        .start({ method: 'GET', url: path, timeoutMs: DEFAULT_TIMEOUT_MS })
        .then((master) => {
          const source = defaultSource({ sources: earlySources(successBody(master, path)) });
          if (source) startFirstLoads(early, withOrigin(source.link, path), config);
        });
    })
    .catch(ignore); // the actors meet the same answer and say what is wrong with it
}

const isInteger = (value: unknown): value is number => Number.isInteger(value);

/** An episode of the catalog's answer as the early start reads it: what it chooses by and plays. */
type EarlyEpisode = ChoosableEpisode & { m3u8MasterFilePath: string };

/**
 * The catalog's episodes, the fields EpisodesSchema requires checked by hand (the schema library is
 * not in the first script): an entry of another shape is left out, as the schema leaves it out, so
 * the early start and the boot actor choose the same episode; an answer that is no list has none.
 */
function earlyEpisodes(body: unknown): EarlyEpisode[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const { id, order, isCompleted, m3u8MasterFilePath, season } = entry;
    if (!isInteger(id) || typeof order !== 'number' || typeof m3u8MasterFilePath !== 'string')
      return [];
    if (!isRecord(season) || !isInteger(season.id) || typeof season.order !== 'number') return [];
    // isCompleted falls back to false, as the schema's does
    const completed = isCompleted === true;
    return [
      { id, order, isCompleted: completed, m3u8MasterFilePath, season: { order: season.order } },
    ];
  });
}

/** A master JSON source as the early start reads it. */
type EarlySource = { link: string; isDefault: boolean };

/**
 * The master JSON's sources, read as MasterJsonSchema reads them: every source needs a link, or
 * the whole file is refused (and then nothing is started early: the stream actor says what is wrong).
 */
function earlySources(body: unknown): EarlySource[] {
  const sources = isRecord(body) ? body.sources : undefined;
  if (!Array.isArray(sources)) return [];
  const read = sources.map((source: unknown): EarlySource | null =>
    isRecord(source) && typeof source.link === 'string'
      ? { link: source.link, isDefault: source.isDefault === true }
      : null,
  );
  return read.every((source): source is EarlySource => source !== null) ? read : [];
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
    // no init segment: MPEG-TS or packed audio, whose demuxers are a bundle of their own
    // (src/stream/lateDemuxers.ts), asked for beside the segment rather than once it is in
    if (first && !first.init) import('hls.js-demuxers').catch(ignore);
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
  watchPolicyViolations(); // first: what the page's policy refuses from here on is kept
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
