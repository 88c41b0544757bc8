import { fakeHttp, fakeMedia, fakePorts, ok, status } from '../fakePorts';
import { film, series } from '../fixtures';
import { BASE, settle, startPlayer } from '../player';
import { playbackRequests } from '../../../src/state/playback';

const api = (path: string) => `${BASE}/catalog-api${path}`;
const catalogRoutes = (id: number, entry: typeof film) => ({
  [api(`/contents/${id}`)]: ok(entry.content),
  [api(`/contents/${id}/seasons`)]: ok(entry.seasons),
  [api(`/episodes?content-id=${id}`)]: ok(entry.episodes),
});
const masterJson = {
  sources: [
    { label: 'A', link: '/media/hls/a.m3u8', isDefault: false },
    { label: 'B', link: 'media/hls/b.m3u8', isDefault: true },
  ],
  subtitles: [],
};

describe('the stream actor', () => {
  it("loads the default source of the film's master JSON, prefixed with the master's origin", async () => {
    const media = fakeMedia();
    const http = fakeHttp({
      ...catalogRoutes(1, film),
      [`${BASE}/media/film.json`]: ok(masterJson),
    });
    const { store } = startPlayer('?movie_id=1&t=7', fakePorts({ http, media: media.port }));
    await settle();
    expect(media.calls).toEqual([
      { method: 'load', args: [{ url: `${BASE}/media/hls/b.m3u8`, startAt: 7 }] },
    ]);
    expect(store.getState().stream).toMatchObject({
      url: `${BASE}/media/hls/b.m3u8`,
      engine: 'hls.js',
    });
  });

  it('loads an m3u8 stream path directly and plays at once with auto_play', async () => {
    const media = fakeMedia();
    const http = fakeHttp(catalogRoutes(2, series));
    startPlayer('?movie_id=2&episode_id=203&auto_play=1', fakePorts({ http, media: media.port }));
    await settle();
    expect(media.calls.map((c) => c.method)).toEqual(['load', 'play']);
    expect(media.calls[0]!.args[0]).toEqual({ url: `${BASE}/media/hls/master.m3u8`, startAt: 0 });
  });

  it('commits state only when the media element confirms it', async () => {
    const media = fakeMedia();
    const { store } = startPlayer(
      '?movie_id=2',
      fakePorts({ http: fakeHttp(catalogRoutes(2, series)), media: media.port }),
    );
    await settle();
    store.dispatch(playbackRequests.playRequested());
    await settle();
    expect(store.getState().media.paused).toBe(true);
    media.emit({ type: 'playing' });
    media.emit({ type: 'timeupdate', currentTime: 4.2, duration: 24, bufferedEnd: 12 });
    expect(store.getState().media).toMatchObject({
      paused: false,
      started: true,
      currentTime: 4.2,
      duration: 24,
    });
    store.dispatch(playbackRequests.seekRequested({ time: 10 }));
    store.dispatch(playbackRequests.pauseRequested());
    await settle();
    expect(media.calls.map((c) => c.method)).toEqual(['load', 'play', 'seek', 'pause']);
  });

  it('shows the play button again when the browser refuses autoplay', async () => {
    const media = fakeMedia({ ok: false, reason: 'not-allowed' });
    const http = fakeHttp(catalogRoutes(2, series));
    const { store } = startPlayer(
      '?movie_id=2&episode_id=203&auto_play=1',
      fakePorts({ http, media: media.port }),
    );
    await settle();
    expect(store.getState().media).toMatchObject({ autoplayBlocked: true, started: false });
  });

  it('shows the master JSON address when it cannot be loaded', async () => {
    const media = fakeMedia();
    const http = fakeHttp({ ...catalogRoutes(1, film), [`${BASE}/media/film.json`]: status(500) });
    const { store } = startPlayer('?movie_id=1', fakePorts({ http, media: media.port }));
    await settle();
    expect(store.getState().system.failure).toMatchObject({
      reason: 'master-load-failed',
      address: `${BASE}/media/film.json`,
    });
    expect(media.calls).toEqual([]);
  });
});

describe('the bridge actor', () => {
  it('tells the parent page about the boot, the chosen episode and playback', async () => {
    const media = fakeMedia();
    const ports = fakePorts({ http: fakeHttp(catalogRoutes(2, series)), media: media.port });
    startPlayer('?movie_id=2', ports);
    await settle();
    media.emit({ type: 'playing' });
    await settle();
    expect(ports.posted.map((m) => m.event)).toEqual(['ready', 'episodeChanged', 'play']);
    expect(ports.posted[1]).toMatchObject({
      protocol: 'kino-player',
      data: { id: 202, order: 2, title: 'Встреча' },
    });
  });
});
