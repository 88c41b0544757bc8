// A master JSON's subtitle files, as <track> elements of the content <video>.
import type { ExternalSubtitle, MediaEvent } from '../shared/media';

/** How long a subtitle file may take before the film goes on without it. */
export const SUBTITLE_LOAD_LIMIT_MS = 4_000;

export function externalSubtitles(video: HTMLVideoElement, emit: (event: MediaEvent) => void) {
  let tracks: HTMLTrackElement[] = [];

  /**
   * The browser holds the film back while a shown subtitle file is loading: one that never answers
   * would stop the film for good. Past SUBTITLE_LOAD_LIMIT_MS the subtitles are turned off instead.
   */
  function giveUpOnHung(el: HTMLTrackElement) {
    setTimeout(() => {
      const loading =
        el.readyState === HTMLTrackElement.NONE || el.readyState === HTMLTrackElement.LOADING;
      if (!loading || el.track.mode === 'disabled' || !el.isConnected) return;
      el.removeAttribute('src'); // no address: the track fails at once, which the browser waits for
      el.remove();
      emit({ type: 'subtitleTrackSwitched', id: -1 });
    }, SUBTITLE_LOAD_LIMIT_MS);
  }

  return {
    /** whether the stream's subtitles are these files (not the stream's own renditions) */
    get any() {
      return tracks.length > 0;
    },
    add(subtitles: ExternalSubtitle[]) {
      tracks = subtitles.map((s) => {
        const el = document.createElement('track');
        Object.assign(el, { kind: 'subtitles', src: s.src, label: s.label, srclang: s.language });
        video.append(el);
        el.track.mode = 'disabled';
        return el;
      });
      if (tracks.length) {
        const list = subtitles.map((s, id) => ({ id, name: s.label, lang: s.language }));
        queueMicrotask(() => emit({ type: 'subtitleTracks', tracks: list, current: -1 }));
      }
    },
    /** shows the file of this id (-1: none) */
    show(id: number) {
      tracks.forEach((el, i) => (el.track.mode = i === id ? 'showing' : 'disabled'));
      const chosen = tracks[id];
      // a file given up on before stays off
      const givenUp = chosen !== undefined && !chosen.isConnected;
      // told after the call (the actor may be mid-step), as hls.js's switches are
      queueMicrotask(() => {
        emit({ type: 'subtitleTrackSwitched', id });
        if (givenUp) emit({ type: 'subtitleTrackSwitched', id: -1 });
      });
      if (chosen && !givenUp) giveUpOnHung(chosen);
    },
    removeAll() {
      tracks.forEach((el) => el.remove());
      tracks = [];
    },
  };
}
