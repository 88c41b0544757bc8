// Code the player loads after its start, as a port: the flight log records when it came, so that a
// replay's actors wait for it where the session's did (a bare dynamic import in an actor would not
// be in the log).
import type { LoadOutcome, LoaderPort } from './types';
import { provideVastReader } from '../vast/vastReader';
import { provideAdEngine } from '../../sagas/ads/adEngineHandle';
import { provideThumbnailsReader } from '../../sagas/thumbnails/readerHandle';

/** Takes the SIMID frame's adapter factory once loaded: the page that has the player makes its port. */
export type SimidAdapterTaker = (create: typeof import('./simid').createSimidPort) => void;

/**
 * Loads `code` the first time it is asked for and hands it to `take`; true once it came. A load
 * that failed stays failed for the page (the bundle's own loader keeps the failed load, and
 * Firefox a failed dynamic import), so it is not tried again: what needed it goes without it.
 * Once settled it answers at once: an actor asking again (the pre-roll's play click) goes on in the
 * same turn instead of waiting behind whatever the page queued meanwhile.
 */
function loadOnce<T>(code: () => Promise<T>, take: (loaded: T) => void): () => LoadOutcome {
  let loading: Promise<boolean> | null = null;
  let settled: boolean | null = null;
  return () =>
    settled ??
    (loading ??= code().then(
      (loaded) => {
        take(loaded);
        return (settled = true);
      },
      () => (settled = false),
    ));
}

export function createLoaderPort(takeSimidAdapter: SimidAdapterTaker): LoaderPort {
  return {
    loadXmlParser: loadOnce(
      () => import('../vast/parse'),
      ({ parseVastDocument }) => provideVastReader({ parseVastDocument }),
    ),
    loadSimid: loadOnce(
      () => import('./simid'),
      ({ createSimidPort }) => takeSimidAdapter(createSimidPort),
    ),
    loadAdEngine: loadOnce(() => import('../../sagas/ads/adEngine'), provideAdEngine),
    loadThumbnailsReader: loadOnce(
      () => import('../stream/thumbnailsReader'),
      ({ readThumbnails }) => provideThumbnailsReader(readThumbnails),
    ),
  };
}
