import { call, put } from 'typed-redux-saga';
import { getJson } from '../../src/api/http';
import type { MasterJson, MasterSource } from '../../src/api/types';
import type { ExternalSubtitle } from '../../src/shared/media';
import { systemActions } from '../../src/state/system';
import { defaultSource, isMasterJson, withOrigin } from '../../src/stream/links';
import { MasterJsonSchema } from '../../src/api/schemas';
import { NO_MARKERS, parseMarkers, type Markers } from '../../src/stream/markers';
import { getConfig, getPorts } from '../lib/context';

export interface ResolvedStream {
  /** where relative source links are resolved against */
  base: string;
  sources: MasterSource[];
  sourceIndex: number;
  subtitles: ExternalSubtitle[];
  /** the master JSON's intro, credits and chapters (none for a plain stream) */
  markers: Markers;
  /** the thumbnails WebVTT file's address, null without one */
  thumbnails: string | null;
}

/** The master JSON's thumbnails field as an address; null when it is missing or not a link. */
export const thumbnailsLink = (field: unknown, masterUrl: string) =>
  typeof field === 'string' && field.trim() !== '' ? withOrigin(field.trim(), masterUrl) : null;

/**
 * An episode's stream path as sources: itself, or the sources and subtitles of its master JSON
 * (SPEC.md section 3). A master JSON that cannot be loaded ends the boot with its address.
 */
export function* resolveStream(path: string) {
  const config = yield* getConfig();
  const { http } = yield* getPorts();
  const url = withOrigin(path, config.envBaseUrl);
  if (!isMasterJson(url)) {
    return {
      base: url,
      sources: [{ label: '', link: url, isDefault: true }],
      sourceIndex: 0,
      subtitles: [],
      markers: NO_MARKERS,
      thumbnails: null,
    } as ResolvedStream;
  }
  try {
    const master = yield* call(getJson<MasterJson>, http, url, MasterJsonSchema);
    const source = defaultSource(master);
    if (!source) throw new Error('The master JSON has no source');
    return {
      base: url,
      sources: master.sources,
      sourceIndex: master.sources.indexOf(source),
      subtitles: master.subtitles.map((s) => ({
        src: withOrigin(s.src, url),
        label: s.label,
        language: s.language,
      })),
      markers: parseMarkers(master.markers),
      thumbnails: thumbnailsLink(master.thumbnails, url),
    } as ResolvedStream;
  } catch (error) {
    yield* put(
      systemActions.bootFailed({
        reason: 'master-load-failed',
        errorId: null,
        address: url,
        detail: String(error),
      }),
    );
    return null;
  }
}
