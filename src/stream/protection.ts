// Protected films (docs/master-json.md, "drm"): the key systems a source can be played with, in the
// order the source lists them, and what goes wrong with them as the viewer is told. Pure: the
// media port asks the browser which one it grants (src/ports/keySystemAccess.ts) and hands hls.js
// the chosen one's license server (src/ports/hlsEngine.ts).

/** The key systems a master JSON may name, by their EME names. */
export const KEY_SYSTEMS = {
  widevine: 'com.widevine.alpha',
  playready: 'com.microsoft.playready',
  fairplay: 'com.apple.fps',
  clearkey: 'org.w3.clearkey',
} as const;
export type KeySystemName = keyof typeof KEY_SYSTEMS;

/** One way to play a protected source: a key system and its license server. */
export interface KeySystemLicense {
  keySystem: KeySystemName;
  /** absolute (resolved against the master JSON's address) */
  licenseUrl: string;
  /** FairPlay's application certificate (absolute) */
  certificateUrl?: string;
  /** headers the license server wants with each request (a service's own ticket) */
  licenseHeaders?: Record<string, string>;
  /** the viewer's bearer token, when the source asks for it (withToken): never sent otherwise */
  licenseToken?: string | null;
}

/** A protected source's key systems, in the order to try them (none: the source is clear). */
export type Protection = KeySystemLicense[];

/** Why a protected film cannot be shown, each with its message (src/i18n/ru.ts). */
export type ProtectionProblem =
  'noKeySystem' | 'licenseRefused' | 'licenseUnavailable' | 'keyMissing' | 'outputRestricted';

/**
 * The waits before asking a license server that does not answer, or answers 5xx, again (a refusal,
 * 4xx, is final): a blip is ridden out, a server that is down is the message after about 7 s more.
 */
export const LICENSE_RETRY_WAITS_MS = [1_000, 2_000, 4_000];

/** The media port's error for a source none of whose key systems the browser grants. */
export const NO_KEY_SYSTEM = 'keySystemNoAccess';

/** hls.js's key-system error details (ErrorDetails.KEY_SYSTEM_*), as the viewer is told them. */
const PROBLEMS: Record<string, ProtectionProblem> = {
  keySystemNoAccess: 'noKeySystem',
  keySystemNoConfiguredLicense: 'noKeySystem',
  keySystemNoKeys: 'noKeySystem',
  keySystemNoSession: 'noKeySystem',
  keySystemLicenseRequestFailed: 'licenseUnavailable',
  keySystemServerCertificateRequestFailed: 'licenseUnavailable',
  keySystemServerCertificateUpdateFailed: 'licenseRefused',
  keySystemSessionUpdateFailed: 'keyMissing',
  keySystemStatusOutputRestricted: 'outputRestricted',
  keySystemStatusInternalError: 'keyMissing',
};

/**
 * What a key-system failure means to the viewer; null for any other failure. A license server that
 * answered 4xx refused the viewer (no rights, a bad ticket); no answer or 5xx is a server that is
 * down (hls.js has retried it by then).
 */
export function protectionProblemOf(
  details: string,
  licenseStatus?: number,
): ProtectionProblem | null {
  const problem = PROBLEMS[details] ?? null;
  if (problem === 'licenseUnavailable' && licenseStatus !== undefined)
    return licenseStatus >= 400 && licenseStatus < 500 ? 'licenseRefused' : problem;
  return problem;
}
