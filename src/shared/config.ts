// The player's configuration as every room reads it (src/app/config.ts parses it from the embed
// URL and the frame's data attributes). A leaf: imports nothing of the player's.

export interface PlayerConfig {
  movieId: number | null;
  episodeId: number | null;
  season: number | null;
  episode: number | null;
  episodeTime: string | null;
  startTime: number | null;
  autoPlay: boolean;
  disabledShare: boolean;
  advert: boolean;
  userId: string | null;
  disableCheckingAvailable: boolean;
  langOrder: string[] | null;
  envBaseUrl: string;
  envAdListUrl: string;
  /** a service address that is not one (env_base_url, env_ad_list_url): the boot fails with it */
  settingProblem: string | null;
  /** extra headers of the ad list and VAST requests, from the frame's data-ad_list_headers (JSON) */
  adListHeaders: Record<string, string>;
  fullscreenMode: string | null;
  sentryProjectLabel: string | null;
  /** where error reports go; none are sent without it */
  sentryDsn: string | null;
  /** the site the viewer watches on (the embedding page's origin, else the frame's): shared links */
  siteOrigin?: string;
  /** the embedding page's host name, for the availability check */
  hostDomain: string;
  /** the player runs in a frame of another page */
  embedded: boolean;
  /** the host origins the bridge accepts (the `origin` parameter); by default the embedding page's */
  allowedOrigins: string[] | null;
}

/** fullscreen_mode="stretched": the host page stretches the frame instead of the browser's fullscreen */
export const STRETCHED_MODE = 'stretched';
