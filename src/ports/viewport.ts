import type { ViewportEvent, ViewportPort } from './types';

/** Thresholds around the advert's 51% visibility rule (SPEC.md section 9). */
const THRESHOLDS = [0, 0.25, 0.5, 0.51, 0.75, 1];

const nativeFullscreen = (video: HTMLVideoElement) =>
  (video as HTMLVideoElement & { webkitDisplayingFullscreen?: boolean })
    .webkitDisplayingFullscreen === true;

/**
 * How much of the player the viewer can see (IntersectionObserver, which measures a frame against
 * the top page's viewport) and whether it is fullscreen, natively or through the Fullscreen API.
 */
export function createViewportPort(player: HTMLElement, video: HTMLVideoElement): ViewportPort {
  return {
    subscribe(listener: (event: ViewportEvent) => void) {
      const observer =
        typeof IntersectionObserver === 'function'
          ? new IntersectionObserver(
              (entries) => {
                const last = entries[entries.length - 1];
                if (last)
                  listener({
                    type: 'intersection',
                    ratio: Math.round(last.intersectionRatio * 100) / 100,
                  });
              },
              { threshold: THRESHOLDS },
            )
          : null;
      observer?.observe(player);
      const onFullscreen = () => {
        const native = nativeFullscreen(video);
        listener({
          type: 'fullscreen',
          active: native || document.fullscreenElement != null,
          native,
        });
      };
      document.addEventListener('fullscreenchange', onFullscreen);
      video.addEventListener('webkitbeginfullscreen', onFullscreen);
      video.addEventListener('webkitendfullscreen', onFullscreen);
      return () => {
        observer?.disconnect();
        document.removeEventListener('fullscreenchange', onFullscreen);
        video.removeEventListener('webkitbeginfullscreen', onFullscreen);
        video.removeEventListener('webkitendfullscreen', onFullscreen);
      };
    },
  };
}
