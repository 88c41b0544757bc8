// The requests the first frame waits on, in the order the boot and stream actors will make them: the
// catalog's answers, the chosen episode's master JSON, its HLS manifest and what hls.js will load
// first from it. The page's first script makes the catalog's itself and the rest in a worker of its
// own (earlyStart.ts, earlyWorker.ts), while the player's code is still on its way. The actors still
// make every request themselves, through their ports, which hand them the answer already in flight
// (earlyAnswers.ts), and hls.js its loads through its loaders; so the flight log records each as it
// always did, and a replay needs nothing of this.
import { catalogEndpoints, DEFAULT_TIMEOUT_MS, requestOf, withBearer } from '../api/endpoints';
import type { HttpRequest, HttpResponse } from '../ports/types';
import { successBody } from '../api/response';
import { isExpired } from '../api/token';
import { chooseEpisode, type ChoosableEpisode } from '../api/chooseEpisode';
import { defaultSource, isMasterJson, withOrigin } from '../stream/links';
import { firstLevelOf, isMediaPlaylist, segmentsAt, type FirstLevel } from '../stream/firstLoads';
import {
  chooseAudioTrack,
  DEFAULT_LANG_ORDER,
  FAVOURITES_KEPT,
  orderAudioTracks,
} from '../stream/audioTracks';
import type { FetchedText } from '../shared/http';
import type { PlayerConfig } from '../shared/config';
import type { EarlyAnswers } from './earlyAnswers';
import { ignore } from '../shared/ignore';
import { isRecord } from '../shared/isRecord';

/** Who makes the early requests: each one started is kept for the actor or hls.js that will ask. */
export interface FirstFrameRequester extends Pick<
  EarlyAnswers,
  'start' | 'startPlaylist' | 'startSegment'
> {
  /** the segment at the start is MPEG-TS or packed audio, whose demuxers are a bundle of their own */
  wantDemuxers(): void;
}

/**
 * What the viewer's storage says of the audio to switch on, as the stream actor reads it
 * (sagas/stream/audioMemory.ts): read by the page, since a worker has no storage.
 */
export interface AudioMemory {
  /** this content's remembered audio label */
  remembered: string | null;
  /** the viewer's favourite labels, as stored (a JSON list) */
  favourites: string | null;
}

/** The catalog calls the boot actor makes first; the episodes' answer chooses what comes next. */
export interface CatalogRequests {
  /** the content, its seasons, its availability (unless the check is off) */
  others: HttpRequest[];
  episodes: HttpRequest;
}

/**
 * The catalog calls the boot actor will make first, or null when nothing can be foreseen: no movie
 * id, a setting the boot fails with, or a token the boot actor refreshes first.
 */
export function catalogRequests(
  config: PlayerConfig,
  token: string | null,
  nowMs: number,
): CatalogRequests | null {
  if (config.movieId == null || config.settingProblem) return null;
  if (token && isExpired(token, nowMs)) return null;
  const catalog = catalogEndpoints(config.envBaseUrl);
  const request = (endpoint: Parameters<typeof requestOf>[0]) =>
    withBearer(requestOf(endpoint), token);
  return {
    others: [
      request(catalog.content(config.movieId)),
      request(catalog.seasons(config.movieId)),
      ...(config.disableCheckingAvailable
        ? []
        : [request(catalog.availability(config.movieId, config.hostDomain))]),
    ],
    episodes: request(catalog.episodes(config.movieId)),
  };
}

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
  audio: AudioMemory,
): void {
  const catalog = catalogRequests(config, token, nowMs);
  if (!catalog) return;
  for (const request of catalog.others) void early.start(request);
  early
    .start(catalog.episodes)
    .then((res) => {
      const next = afterEpisodes(res, catalog.episodes.url, config);
      if (next) startFromStream(early, next, config, audio);
    })
    .catch(ignore); // the actors meet the same answer and say what is wrong with it
}

/** What the stream actor asks for first once the episode is chosen: its master JSON, or its manifest. */
export type StreamStart = { masterJson: HttpRequest } | { manifest: string };

/**
 * The chosen episode's first stream request, read from the episodes' answer as the boot actor's
 * schema reads it and chosen as it chooses: null when a wrong shape chooses nothing.
 */
export function afterEpisodes(
  res: HttpResponse,
  episodesUrl: string,
  config: PlayerConfig,
): StreamStart | null {
  const episode = chooseEpisode(earlyEpisodes(successBody(res, episodesUrl)), config);
  if (!episode) return null;
  const path = withOrigin(episode.m3u8MasterFilePath, config.envBaseUrl);
  return isMasterJson(path)
    ? { masterJson: { method: 'GET', url: path, timeoutMs: DEFAULT_TIMEOUT_MS } }
    : { manifest: path };
}

/** From the episode's master JSON or manifest on: the manifest, then what hls.js loads first. */
export function startFromStream(
  early: FirstFrameRequester,
  start: StreamStart,
  config: PlayerConfig,
  audio: AudioMemory,
): void {
  if ('manifest' in start) return startFirstLoads(early, start.manifest, config, audio);
  const path = start.masterJson.url;
  early
    .start(start.masterJson)
    .then((master) => {
      const source = defaultSource({ sources: earlySources(successBody(master, path)) });
      if (source) startFirstLoads(early, withOrigin(source.link, path), config, audio);
    })
    .catch(ignore); // the stream actor meets the same answer and says what is wrong with it
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
function audioPlaylistOf(
  level: FirstLevel,
  config: PlayerConfig,
  audio: AudioMemory,
): string | null {
  const favourites = audio.remembered ? [] : favouriteLabels(audio.favourites);
  const tracks = level.audio.map(({ name, lang }, id) => ({ id, name, lang }));
  const ordered = orderAudioTracks(tracks, config.langOrder ?? DEFAULT_LANG_ORDER, favourites);
  const chosen = chooseAudioTrack(ordered, audio.remembered);
  return chosen ? (level.audio[chosen.id]?.playlist ?? null) : null;
}

/**
 * The manifest, then what hls.js will load first from it (src/stream/firstLoads.ts): the first
 * level's video and audio playlists, then each one's init segment and the segment at `position`.
 */
function startFirstLoads(
  early: Omit<FirstFrameRequester, 'start'>,
  manifestUrl: string,
  config: PlayerConfig,
  audio: AudioMemory,
): void {
  const position = config.startTime ?? 0; // where the stream actor's first load starts
  const segmentsOf = ({ text, url }: FetchedText) => {
    const first = segmentsAt(text, url, position);
    if (first?.init) early.startSegment(first.init);
    if (first) early.startSegment(first.segment);
    // no init segment: MPEG-TS or packed audio, whose demuxers are a bundle of their own
    // (src/stream/lateDemuxers.ts), asked for beside the segment rather than once it is in
    if (first && !first.init) early.wantDemuxers();
  };
  early
    .startPlaylist(manifestUrl)
    .then((manifest) => {
      if (isMediaPlaylist(manifest.text)) return segmentsOf(manifest);
      const level = firstLevelOf(manifest.text, manifest.url);
      if (!level) return;
      for (const playlist of [level.playlist, audioPlaylistOf(level, config, audio)])
        if (playlist) early.startPlaylist(playlist).then(segmentsOf).catch(ignore);
    })
    .catch(ignore); // hls.js meets the same answer and says what is wrong with it
}
