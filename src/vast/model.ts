// The VAST model the player reads (SPEC.md section 3, "Ad XML data read"): plain serializable data,
// so parsed documents can travel in actions and flight logs.

/** VAST 4.3 error codes the player reports (SPEC.md section 8 and VAST 4.3 section 2.3.6). */
export const VAST_ERROR = {
  XML_PARSING: 100,
  SCHEMA: 101,
  UNSUPPORTED_VERSION: 102,
  TRAFFICKING: 200,
  LINEARITY: 201,
  WRAPPER: 300,
  WRAPPER_TIMEOUT: 301,
  WRAPPER_LIMIT: 302,
  NO_VAST_RESPONSE: 303,
  VAST_LOAD_TIMEOUT: 350,
  LINEAR: 400,
  MEDIA_NOT_FOUND: 401,
  MEDIA_TIMEOUT: 402,
  NO_SUPPORTED_MEDIA: 403,
  MEDIA_DELIVERY: 405,
  /**
   * The InteractiveCreativeFile was not run (no framework the player runs, a variableDuration the
   * player does not allow); its media files may still play (VAST 4.3 section 3.9.3).
   */
  INTERACTIVE_NOT_EXECUTED: 409,
  /** A Verification was not run; its vendor hears why through verificationNotExecuted and [REASON]. */
  VERIFICATION_NOT_EXECUTED: 410,
  CANNOT_PLAY: 450,
  UNDEFINED: 900,
  GENERAL: 901,
  /** An interactive creative that ran failed: a SIMID fatal error or a session that never began. */
  INTERACTIVE: 902,
} as const;

export type VastErrorCode = (typeof VAST_ERROR)[keyof typeof VAST_ERROR];

/** The one tracking event VAST defines for a Verification. */
export const NOT_EXECUTED = 'verificationNotExecuted';

/** Why a vendor's verification did not run: [REASON] in verificationNotExecuted (VAST 4.3 3.17.4). */
export const VERIFICATION_NOT_EXECUTED_REASON = {
  /** the player does not recognise or allow code from this vendor */
  REJECTED: 1,
  /** no resource in an API framework or language the player runs */
  NOT_SUPPORTED: 2,
  /** the resource could not be fetched or failed visibly: a malformed URL, an HTTP error, a timeout */
  LOAD_ERROR: 3,
} as const;

export type VerificationNotExecutedReason =
  (typeof VERIFICATION_NOT_EXECUTED_REASON)[keyof typeof VERIFICATION_NOT_EXECUTED_REASON];

/** VAST quartile events at 25, 50 and 75% of the duration (SPEC.md section 9). */
export const QUARTILES: [string, number][] = [
  ['firstQuartile', 0.25],
  ['midpoint', 0.5],
  ['thirdQuartile', 0.75],
];

/** A time offset: absolute seconds, or a share of the ad's duration in percent. */
export type VastOffset = { kind: 'seconds'; value: number } | { kind: 'percent'; value: number };

export interface VastMediaFile {
  url: string;
  type: string;
  width: number;
  height: number;
  codec: string | null;
  /** kbit/s, when given (bitrate or the middle of minBitrate..maxBitrate) */
  bitrate: number | null;
  delivery: string | null;
  /** 'VPAID' for VPAID creatives */
  apiFramework: string | null;
}

/**
 * An InteractiveCreativeFile: the interactive layer over the ad's media (a SIMID creative, whose
 * creative data is the ad's AdParameters). The ad's media files stay playable without it.
 */
export interface VastInteractiveCreativeFile {
  url: string;
  type: string | null;
  /** 'SIMID' for SIMID creatives */
  apiFramework: string | null;
  /** the creative may pause the media and lengthen the ad when the viewer asks it to */
  variableDuration: boolean;
}

/** A non-video creative file (VAST 4.3 section 3.15): an image, a page for an iframe, or HTML. */
export type VastResource =
  | { kind: 'static'; url: string; creativeType: string | null }
  | { kind: 'iframe'; url: string }
  /** a snippet of HTML as the document has it: only ever drawn in a sandbox */
  | { kind: 'html'; html: string };

/**
 * An image of what the icon discloses: shown over the paused ad when the icon is clicked and there
 * is no click-through, fetched only then (VAST 4.3 section 3.11.6).
 */
export interface VastIconFallbackImage {
  url: string;
  creativeType: string | null;
  width: number | null;
  height: number | null;
  altText: string | null;
}

/**
 * An industry icon (the AdChoices mark and the like), drawn over the linear ad once its first frame
 * is on screen (VAST 4.3 sections 2.3.7 and 3.11). Positions are CSS pixels from the top left
 * corner of the ad's area, or one of its edges.
 */
export interface VastIcon {
  /** the industry program it stands for, e.g. "AdChoices": one program is shown once */
  program: string | null;
  width: number | null;
  height: number | null;
  xPosition: number | 'left' | 'right' | null;
  yPosition: number | 'top' | 'bottom' | null;
  /** seconds into the ad before it shows; null: from the ad's first frame */
  offsetSec: number | null;
  /** seconds it shows for; null: until the ad ends or the viewer interacts with the ad or the icon */
  durationSec: number | null;
  /** the device pixel ratio its creative is made for; 1 when not given */
  pxratio: number;
  apiFramework: string | null;
  altText: string | null;
  hoverText: string | null;
  /** versions of the same icon for different environments, in document order: one is drawn */
  resources: VastResource[];
  clickThrough: string | null;
  clickTracking: string[];
  clickFallbackImages: VastIconFallbackImage[];
  /** fired once the icon is on screen, never before its offset */
  viewTracking: string[];
}

/**
 * Publisher-measured viewability (VAST 4.3 section 3.5): at most one of the three sets fires per ad,
 * all of its URLs together.
 */
export interface VastViewableImpression {
  viewable: string[];
  notViewable: string[];
  viewUndetermined: string[];
}

/** A JavaScriptResource of a Verification: the vendor's measurement script. */
export interface VastVerificationScript {
  url: string;
  /** 'omid' for Open Measurement scripts */
  apiFramework: string | null;
  /** true when it runs without a DOM as well; a browser may run either kind */
  browserOptional: boolean;
}

/** An ExecutableResource: a non-JavaScript reference, not necessarily a URL, never fetched as one. */
export interface VastExecutableResource {
  reference: string;
  type: string | null;
  apiFramework: string | null;
}

/** One verification vendor's code for the ad (VAST 4.3 sections 3.16 and 3.17). */
export interface VastVerification {
  /** e.g. "company.com-omid"; VAST requires it, some documents leave it out */
  vendor: string | null;
  javaScriptResources: VastVerificationScript[];
  executableResources: VastExecutableResource[];
  /** VerificationParameters, handed to the vendor's code as they are */
  parameters: string | null;
  /** verificationNotExecuted tracking: told with [REASON] when none of the vendor's code runs */
  notExecutedUrls: string[];
  /**
   * JavaScriptResources whose address is not an http(s) URL, left out of javaScriptResources: a
   * malformed resource URL makes the reason 3 (a load error) rather than 2 (not supported)
   */
  malformedScripts: number;
}

/** One tracking URL; progress events carry their offset. */
export interface VastTracking {
  event: string;
  url: string;
  offset: VastOffset | null;
}

/** An InLine ad with every wrapper's impressions, errors and tracking merged in. */
export interface VastAd {
  id: string | null;
  /** the Ad's sequence attribute, when in a pod */
  sequence: number | null;
  /** the InLine ad's AdServingId, for [ADSERVINGID] in tracking URLs (wrappers have none) */
  adServingId: string | null;
  adSystem: string;
  title: string;
  durationSec: number | null;
  skipOffset: VastOffset | null;
  /** every MediaFile that has width, height, url and type (SPEC.md section 5) */
  mediaFiles: VastMediaFile[];
  /** AdParameters: VPAID's initAd data, SIMID's creativeData.adParameters */
  adParameters: string;
  /** the InteractiveCreativeFile elements of the Linear, in document order */
  interactiveCreativeFiles: VastInteractiveCreativeFile[];
  clickThrough: string | null;
  clickTracking: string[];
  impressions: string[];
  /** Error URLs of the inline ad and of every wrapper in its chain */
  errorUrls: string[];
  tracking: VastTracking[];
  /**
   * the Linear's icons with its wrappers': of a program, only the icons of the document closest to
   * the InLine ad (iconsOfChain in icons.ts); the InLine ad's first
   */
  icons: VastIcon[];
  /** the InLine ad's viewability beacons with every wrapper's, outermost first */
  viewableImpression: VastViewableImpression;
  /** every Verification of the InLine ad and of its wrappers, outermost first: each is to run */
  verifications: VastVerification[];
  /** how many wrappers led to this ad */
  wrapperDepth: number;
  /** URLs in the documents that are not http(s): never fetched, fired or opened */
  ignoredUrls: string[];
}

/** What one wrapper adds to the ad it leads to. */
export interface VastWrapperLayer {
  /** the address this wrapper document was fetched from */
  url: string;
  impressions: string[];
  errorUrls: string[];
  tracking: VastTracking[];
  clickTracking: string[];
  /** the icons of its Linear creatives */
  icons: VastIcon[];
  viewableImpression: VastViewableImpression;
  verifications: VastVerification[];
  ignoredUrls: string[];
  /** the wrapper's ClickThrough: used when the InLine ad has none (VAST 4.3 section 2.3.5.2) */
  clickThrough?: string | null;
  /** false when the wrapper forbids a further wrapper after it (Wrapper@followAdditionalWrappers) */
  followAdditionalWrappers?: boolean;
}

export interface VastFailure {
  code: VastErrorCode;
  message: string;
  /** every Error URL known in the chain so far: each is told the code */
  errorUrls: string[];
  ignoredUrls: string[];
}

/** One step of resolving a VAST chain: follow the next wrapper, or an ad, or a failure. */
export type VastStep =
  | { kind: 'follow'; next: string; chain: VastWrapperLayer[] }
  | { kind: 'ad'; ad: VastAd }
  | { kind: 'error'; failure: VastFailure };
