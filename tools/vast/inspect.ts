// Resolves a VAST file or URL as the player does and reports what it would play and fire.
import { readFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chooseMediaFile } from '../../src/vast/media';
import { chromiumCanPlay } from '../../src/vast/chromiumCanPlay';
import { chooseSimidFile } from '../../src/vast/interactive';
import {
  VAST_ERROR,
  type VastAd,
  type VastErrorCode,
  type VastIcon,
  type VastInteractiveCreativeFile,
  type VastMediaFile,
  type VastTracking,
  type VastVerification,
  type VastViewableImpression,
} from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { resolveVast, type FetchText } from '../../src/vast/resolve';
import { httpFetchText } from './fetchText';
import '../../src/vast/vastReaderInNode'; // the VAST reader, at once

/** The player size the inspector chooses media for. */
export const PLAYER_SIZE = { width: 1280, height: 720 };
export const DEFAULT_TIMEOUT_MS = 5000;

export interface InspectOptions {
  offline: boolean;
  timeoutMs?: number;
  /** replaces HTTP for wrapper documents (tests) */
  fetchText?: FetchText;
}

export interface ResolvedReport {
  ad: {
    id: string | null;
    sequence: number | null;
    adSystem: string;
    title: string;
    durationSec: number | null;
    adServingId: string | null;
  };
  mediaFile: VastMediaFile;
  /** the SIMID creative the player would run over the media, if any */
  simidFile: VastInteractiveCreativeFile | null;
  skipOffsetSec: number | null;
  clickThrough: string | null;
  clickTracking: string[];
  /** URLs by event; progress events are keyed with their offset, e.g. "progress@10s" */
  tracking: Record<string, string[]>;
  impressions: string[];
  viewableImpression: VastViewableImpression;
  icons: VastIcon[];
  verifications: VastVerification[];
  errorUrls: string[];
  wrapperDepth: number;
  ignoredUrls: string[];
}

export interface ErrorReport {
  error: { code: VastErrorCode; message: string };
  errorUrls: string[];
  ignoredUrls: string[];
}

export type InspectReport = ResolvedReport | ErrorReport;

/** A file that cannot be read: a usage problem, not a VAST error. */
export class UnreadableSourceError extends Error {}

const isHttpTarget = (target: string) => /^https?:\/\//i.test(target);

function trackingKey({ event, offset }: VastTracking): string {
  if (!offset) return event;
  return `${event}@${offset.value}${offset.kind === 'percent' ? '%' : 's'}`;
}

function groupTracking(tracking: VastTracking[]): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const entry of tracking) (groups[trackingKey(entry)] ??= []).push(entry.url);
  return groups;
}

function report(ad: VastAd): InspectReport {
  const mediaFile = chooseMediaFile(ad.mediaFiles, {
    ...PLAYER_SIZE,
    bandwidthKbps: null,
    canPlay: chromiumCanPlay,
  });
  if (!mediaFile) {
    return {
      error: {
        code: VAST_ERROR.NO_SUPPORTED_MEDIA,
        message: `No supported media file: ${ad.mediaFiles.length} listed, none playable in Chromium`,
      },
      errorUrls: ad.errorUrls,
      ignoredUrls: ad.ignoredUrls,
    };
  }
  return {
    ad: {
      id: ad.id,
      sequence: ad.sequence,
      adSystem: ad.adSystem,
      title: ad.title,
      durationSec: ad.durationSec,
      adServingId: ad.adServingId,
    },
    mediaFile,
    simidFile: chooseSimidFile(ad.interactiveCreativeFiles),
    skipOffsetSec: offsetSeconds(ad.skipOffset, ad.durationSec),
    clickThrough: ad.clickThrough,
    clickTracking: ad.clickTracking,
    tracking: groupTracking(ad.tracking),
    impressions: ad.impressions,
    viewableImpression: ad.viewableImpression,
    icons: ad.icons,
    verifications: ad.verifications,
    errorUrls: ad.errorUrls,
    wrapperDepth: ad.wrapperDepth,
    ignoredUrls: ad.ignoredUrls,
  };
}

/** `target` is an http(s) URL or a file path; wrappers are fetched over HTTP. */
export async function inspectVast(target: string, options: InspectOptions): Promise<InspectReport> {
  const http =
    options.fetchText ??
    httpFetchText({
      offline: options.offline,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
  let url = target;
  let fetchText = http;
  if (!isHttpTarget(target)) {
    let text: string;
    try {
      text = await readFile(target, 'utf8');
    } catch (error) {
      throw new UnreadableSourceError(`Cannot read ${target}: ${(error as Error).message}`);
    }
    url = pathToFileURL(resolvePath(target)).href;
    fetchText = (next) => (next === url ? Promise.resolve({ ok: true, text }) : http(next));
  }
  const outcome = await resolveVast(url, fetchText);
  if (outcome.kind === 'ad') return report(outcome.ad);
  const { code, message, errorUrls, ignoredUrls } = outcome.failure;
  return { error: { code, message }, errorUrls, ignoredUrls };
}
