// The media port's engine where the browser has no MediaSource but plays HLS itself (Safari on an
// iPhone): the element is given the stream's address.
import type { MediaSource as MediaSourceSpec } from './types';

export const playsHlsItself = (video: HTMLVideoElement) =>
  video.canPlayType('application/vnd.apple.mpegurl') !== '';

export function startNativeEngine(video: HTMLVideoElement, source: MediaSourceSpec) {
  video.src = source.url;
  if (source.startAt > 0) video.currentTime = source.startAt;
}
