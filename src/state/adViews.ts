// What the ad state says of an advert: its statuses, and the ad layer's and the history's views of it.
import type { VastErrorCode, VastIcon, VastIconFallbackImage, VastResource } from '../vast/model';

/** SPEC.md section 4: an ad's statuses; the last four end it. */
export type AdStatus =
  | 'created'
  | 'loaded'
  | 'started'
  | 'playing'
  | 'paused'
  | 'stopped'
  | 'skipped'
  | 'completed'
  | 'error';

export type AdEndStatus = Extract<AdStatus, 'stopped' | 'skipped' | 'completed' | 'error'>;

export type BreakKind = 'preroll' | 'midroll';

/**
 * An industry icon of the ad now on (VAST 4.3 section 3.11), as the ad layer draws it: one per
 * program (chooseIcons in src/vast/icons.ts).
 */
export interface AdIconView {
  /** its place in the ad's VAST icons (VastAd.icons): its beacons are keyed by it */
  index: number;
  program: string | null;
  width: number | null;
  height: number | null;
  xPosition: VastIcon['xPosition'];
  yPosition: VastIcon['yPosition'];
  /** the one resource drawn (drawableResource) */
  resource: VastResource;
  altText: string | null;
  hoverText: string | null;
  /** opened in a new window by the icon's link; the ad pauses as for its own click-through */
  clickThrough: string | null;
  /** a click does something (a click-through, click tracking, a fallback image): the icon is a control */
  clickable: boolean;
  /** on screen now: from its offset for its duration, on the ad's own time, once the ad started */
  shown: boolean;
}

/** The ad now in the ad layer. */
export interface AdView {
  /** its place in the break, from 0 */
  index: number;
  vastUrl: string;
  status: AdStatus;
  id: string | null;
  title: string;
  durationSec: number;
  currentTime: number;
  /** null when the ad cannot be skipped */
  skipOffsetSec: number | null;
  clickThrough: string | null;
  /** the browser refused to start it: the viewer's click is needed */
  needsClick: boolean;
  /** a VPAID creative, drawn in its own frame */
  vpaid: boolean;
  /**
   * The SIMID creative over the ad's video, for an ad that has one (absent otherwise): loading (its
   * frame hidden, its session and init under way), shown (over the video, taking its own clicks) or
   * failed (the ad plays on as its plain video, SIMID error code and message told).
   */
  simid?: SimidView;
  error: { code: VastErrorCode; message: string } | null;
  /** the ad's industry icons; absent for an ad without any */
  icons?: AdIconView[];
  /**
   * the image an icon's click shows over the ad, which is held paused while it is open (an icon
   * without IconClickThrough, VAST 4.3 section 3.11.6); absent when none is open
   */
  iconFallback?: { index: number; image: VastIconFallbackImage };
}

export type SimidView =
  { status: 'loading' | 'shown' } | { status: 'failed'; code: number | null; message: string };

/** SPEC.md section 3: an ad history item. */
export interface AdHistoryItem {
  id: string | null;
  type: 'pre-roll' | 'mid-roll';
  /** content position of the break, seconds */
  position: number;
  /** the ad's duration, seconds */
  duration: number;
  /** seconds of it watched */
  watched: number;
  /** content position of the break, percent of its duration */
  perc: number;
  status: AdEndStatus;
  errorCode: VastErrorCode | null;
}
