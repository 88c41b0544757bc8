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
import { guessedManifest, rememberManifest } from './streamGuess';
import { handOver } from './earlyHandover';
import { pageConfig } from './pageConfig';
import { ignore } from '../shared/ignore';
import { isRecord } from '../shared/isRecord';
import { watchPolicyViolations } from './policyViolations';

/**
 * Starts what the first frame needs, as the boot and stream actors will ask for it: the catalog
 * calls, then the chosen episode's master JSON and manifest. Anything it cannot foresee (no movie id,
 * a token to refresh first) it leaves to the actors.
 */
export function startFirstFrameRequests(
  early: FirstFrameRequester,
  config: PlayerConfig,
  token: string | null,
  nowMs: number,
): void {
  const movieId = config.movieId;
  if (movieId == null || config.settingProblem) return;
  if (token && isExpired(token, nowMs)) return; // the boot actor refreshes it first
  const catalog = catalogEndpoints(config.envBaseUrl);
  const ask = (endpoint: Parameters<typeof requestOf>[0]) =>
    early.start(withBearer(requestOf(endpoint), token));
  // first what the first frame waits on: the episodes, which name this time's manifest; then, for a
  // viewer back at this film, its first loads on last time's (the local storage's first read costs
  // a fresh page 5-17 ms, which the episodes need not wait for)
  const episodes = catalog.episodes(movieId);
  const chosen = ask(episodes);
  const guessed = guessedManifest(movieId);
  const guess = guessed ? startFirstLoads(early, guessed, config) : null;
  ask(catalog.content(movieId));
  ask(catalog.seasons(movieId));
  if (!config.disableCheckingAvailable) ask(catalog.availability(movieId, config.hostDomain));
  chosen
    .then((res): Promise<string | null> | string | null => {
      // read as the boot actor's schema reads the same answer: a wrong shape starts nothing early
      const episode = chooseEpisode(earlyEpisodes(successBody(res, episodes.url)), config);
      if (!episode) return null;
      const path = withOrigin(episode.m3u8MasterFilePath, config.envBaseUrl);
      if (!isMasterJson(path)) return path;
      return early
        .start({ method: 'GET', url: path, timeoutMs: DEFAULT_TIMEOUT_MS })
        .then((master) => {
          const source = defaultSource({ sources: earlySources(successBody(master, path)) });
          return source ? withOrigin(source.link, path) : null;
        });
    })
    .then((manifest) => {
      if (manifest === guessed) return;
      guess?.stop(); // another episode, another address: its loads would only take the link
      if (!manifest) return;
      rememberManifest(movieId, manifest);
      startFirstLoads(early, manifest, config);
    })
    .catch(() => guess?.stop()); // the actors meet the same answer and say what is wrong with it
}

/** What the early start asks of the answers in flight: to start requests, and to drop a wrong guess's. */
export type FirstFrameRequester = Pick<
  EarlyAnswers,
  'start' | 'startPlaylist' | 'startSegment' | 'playlist' | 'segment'
>;

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

/** The first loads started from one manifest. */
interface FirstLoads {
  /** drops what is still kept of them and starts nothing more: a guess that was wrong */
  stop(): void;
}

/**
 * The manifest, then what hls.js will load first from it (src/stream/firstLoads.ts): the first
 * level's video and audio playlists, then each one's init segment and the segment at `position`.
 */
function startFirstLoads(
  early: FirstFrameRequester,
  manifestUrl: string,
  config: PlayerConfig,
): FirstLoads {
  let stopped = false;
  const started = { playlists: [] as string[], segments: [] as string[] };
  const playlist = (url: string) => {
    started.playlists.push(url);
    return early.startPlaylist(url);
  };
  const segment = (url: string) => {
    started.segments.push(url);
    early.startSegment(url);
  };
  const position = config.startTime ?? 0; // where the stream actor's first load starts
  const segmentsOf = ({ text, url }: FetchedText) => {
    if (stopped) return;
    const first = segmentsAt(text, url, position);
    if (first?.init) segment(first.init);
    if (first) segment(first.segment);
    // no init segment: MPEG-TS or packed audio, whose demuxers are a bundle of their own
    // (src/stream/lateDemuxers.ts), asked for beside the segment rather than once it is in
    if (first && !first.init) import('hls.js-demuxers').catch(ignore);
  };
  playlist(manifestUrl)
    .then((manifest) => {
      if (stopped) return;
      if (isMediaPlaylist(manifest.text)) return segmentsOf(manifest);
      const level = firstLevelOf(manifest.text, manifest.url);
      if (!level) return;
      for (const url of [level.playlist, audioPlaylistOf(level, config)])
        if (url) playlist(url).then(segmentsOf).catch(ignore);
    })
    .catch(ignore); // hls.js meets the same answer and says what is wrong with it
  return {
    stop() {
      stopped = true;
      for (const url of started.playlists) early.playlist(url)?.abort();
      for (const url of started.segments) early.segment(url)?.abort();
    },
  };
}

/** The page's first script: the requests of the first frame and the hls.js chunk; it never throws. */
export function startEarly(): void {
  watchPolicyViolations(); // first: what the page's policy refuses from here on is kept
  const early = createEarlyAnswers();
  handOver(early);
  import('hls.js').catch(ignore); // beside the player's code, not after it
  try {
    const token = usableToken(createCookiePort().get(ACCESS_COOKIE));
    startFirstFrameRequests(early, pageConfig(), token, Date.now());
  } catch {
    // the actors do it all themselves
  }
}
