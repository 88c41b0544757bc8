import type { PagePort } from './types';

/** visibilitychange and pagehide, as one hidden/visible event. */
export function createPagePort(): PagePort {
  return {
    subscribe(listener) {
      const onVisibility = () => listener({ hidden: document.visibilityState === 'hidden' });
      const onHide = () => listener({ hidden: true });
      document.addEventListener('visibilitychange', onVisibility);
      // A player loaded in a background tab starts hidden: its actors must know.
      // (reported just after subscribing, as events always are)
      if (document.visibilityState === 'hidden') queueMicrotask(() => listener({ hidden: true }));
      window.addEventListener('pagehide', onHide);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', onHide);
      };
    },
    reload: () => location.reload(),
    reloadFor({ movieId, episodeId, origin, atS }) {
      const url = new URL(location.href);
      // what chose the episode or the time of the last content does not apply to this one
      for (const name of ['movie_id', 'episode_id', 'season', 'episode', 'episode_time', 't'])
        url.searchParams.delete(name);
      url.searchParams.set('movie_id', String(movieId));
      if (episodeId !== null) url.searchParams.set('episode_id', String(episodeId));
      if (atS !== undefined) url.searchParams.set('t', String(atS));
      // the host it answers: the new frame's referrer is this frame, not the host page
      if (origin && !url.searchParams.has('origin')) url.searchParams.set('origin', origin);
      try {
        // a frame of the same origin: its data-movie_id would win over the query (config.ts)
        const frame = window.frameElement;
        if (frame?.hasAttribute('data-movie_id')) frame.setAttribute('data-movie_id', `${movieId}`);
        if (frame?.hasAttribute('data-movie-id')) frame.setAttribute('data-movie-id', `${movieId}`);
      } catch {
        // another origin: only the query counts
      }
      if (url.href === location.href) location.reload();
      else location.replace(url.href); // (a change of the fragment alone would not load it)
    },
  };
}
