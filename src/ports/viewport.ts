import type { ViewportEvent, ViewportPort } from './types';
import type { DisplayCapabilities, PlaybackTargetKind } from '../shared/media';
import { watchPlaybackTargets } from './playbackTargets';

/**
 * Thresholds around the advert's 51% visibility rule (SPEC.md section 9) and the 50% of the MRC's
 * viewable video impression (sagas/ads/viewability.ts).
 */
const THRESHOLDS = [0, 0.25, 0.5, 0.51, 0.75, 1];

/**
 * The share in whole hundredths, rounded down: a share just under a threshold (49.7%) must not read
 * as reaching it, as rounding would have it; the observer tells no more until the next threshold.
 * The small allowance keeps a share of exactly 51% from reading as 50.99...%.
 */
const hundredthsDown = (ratio: number) => Math.floor(ratio * 100 + 1e-6) / 100;

const observesIntersection = () => typeof IntersectionObserver === 'function';

/** SPEC.md section 2: the desktop layout from the sm breakpoint up. */
const WIDE = '(min-width: 640px)';

type WebkitVideo = HTMLVideoElement & {
  webkitDisplayingFullscreen?: boolean;
  webkitEnterFullscreen?: () => void;
  webkitExitFullscreen?: () => void;
  webkitShowPlaybackTargetPicker?: () => void;
  remote?: { prompt(): Promise<void> };
};

const nativeFullscreen = (video: WebkitVideo) => video.webkitDisplayingFullscreen === true;

/**
 * AirPlay and casting are offered while the browser says a device is within reach (`targets`): it
 * knows whether it can hand this element's source over, a MediaSource included.
 */
function capabilities(
  video: WebkitVideo,
  targets: Readonly<Record<PlaybackTargetKind, boolean>>,
): DisplayCapabilities {
  return {
    fullscreen: document.fullscreenEnabled || typeof video.webkitEnterFullscreen === 'function',
    pictureInPicture:
      document.pictureInPictureEnabled === true &&
      typeof video.requestPictureInPicture === 'function',
    airplay: targets.airplay,
    remotePlayback: targets.remote,
    touch: navigator.maxTouchPoints > 0,
  };
}

/**
 * Where the player is and how it is shown: how much of it the viewer can see (IntersectionObserver,
 * which measures a frame against the top page's viewport), fullscreen (natively or through the
 * Fullscreen API), picture-in-picture, the layout's breakpoint, the AirPlay and casting devices within
 * reach; and the commands that change them.
 */
export function createViewportPort(player: HTMLElement, video: HTMLVideoElement): ViewportPort {
  const el = video as WebkitVideo;
  const ignore = () => undefined; // a refused request changes nothing the viewer sees
  return {
    subscribe(listener: (event: ViewportEvent) => void) {
      const wide = window.matchMedia(WIDE);
      const targets = watchPlaybackTargets(video, (kind, available) =>
        listener({ type: 'playbackTargets', kind, available }),
      );
      // What is true from the start is reported just after subscribing, as events always are.
      queueMicrotask(() => {
        listener({ type: 'capabilities', ...capabilities(el, targets.known) });
        listener({ type: 'layout', wide: wide.matches });
      });
      const onLayout = () => listener({ type: 'layout', wide: wide.matches });
      wide.addEventListener('change', onLayout);
      const observer = observesIntersection()
        ? new IntersectionObserver(
            (entries) => {
              const last = entries[entries.length - 1];
              if (last)
                listener({ type: 'intersection', ratio: hundredthsDown(last.intersectionRatio) });
            },
            { threshold: THRESHOLDS },
          )
        : null;
      observer?.observe(player);
      const onFullscreen = () => {
        const native = nativeFullscreen(el);
        listener({
          type: 'fullscreen',
          active: native || document.fullscreenElement != null,
          native,
        });
      };
      const onPip = () =>
        listener({ type: 'pictureInPicture', active: document.pictureInPictureElement === video });
      document.addEventListener('fullscreenchange', onFullscreen);
      video.addEventListener('webkitbeginfullscreen', onFullscreen);
      video.addEventListener('webkitendfullscreen', onFullscreen);
      video.addEventListener('enterpictureinpicture', onPip);
      video.addEventListener('leavepictureinpicture', onPip);
      return () => {
        targets.stop();
        observer?.disconnect();
        wide.removeEventListener('change', onLayout);
        document.removeEventListener('fullscreenchange', onFullscreen);
        video.removeEventListener('webkitbeginfullscreen', onFullscreen);
        video.removeEventListener('webkitendfullscreen', onFullscreen);
        video.removeEventListener('enterpictureinpicture', onPip);
        video.removeEventListener('leavepictureinpicture', onPip);
      };
    },
    measuresVisibility: observesIntersection,
    toggleFullscreen() {
      if (document.fullscreenElement) void document.exitFullscreen().catch(ignore);
      else if (document.fullscreenEnabled) void player.requestFullscreen().catch(ignore);
      else if (nativeFullscreen(el)) el.webkitExitFullscreen?.();
      else el.webkitEnterFullscreen?.();
    },
    togglePictureInPicture() {
      if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(ignore);
      else if (document.pictureInPictureEnabled)
        void video.requestPictureInPicture().then(ignore, ignore);
    },
    async requestFullscreen() {
      if (document.fullscreenElement || nativeFullscreen(el)) return 'done';
      if (document.fullscreenEnabled)
        return player.requestFullscreen().then(
          () => 'done' as const,
          () => 'refused' as const,
        );
      if (typeof el.webkitEnterFullscreen !== 'function') return 'unsupported';
      try {
        el.webkitEnterFullscreen(); // throws without a gesture
        return 'done';
      } catch {
        return 'refused';
      }
    },
    async exitFullscreen() {
      if (document.fullscreenElement)
        return document.exitFullscreen().then(
          () => 'done' as const,
          () => 'refused' as const,
        );
      if (nativeFullscreen(el)) el.webkitExitFullscreen?.();
      return 'done';
    },
    async requestPictureInPicture() {
      if (document.pictureInPictureElement === video) return 'done';
      if (!document.pictureInPictureEnabled || typeof video.requestPictureInPicture !== 'function')
        return 'unsupported';
      return video.requestPictureInPicture().then(
        () => 'done' as const,
        () => 'refused' as const,
      );
    },
    showPlaybackTargets(kind) {
      if (kind === 'airplay') el.webkitShowPlaybackTargetPicker?.();
      else void el.remote?.prompt().catch(ignore);
    },
  };
}
