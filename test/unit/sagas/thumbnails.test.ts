import type { HttpRequest, HttpResponse } from '../../../src/ports/types';
import { FIRST_FRAME_SETTLE_MS } from '../../../sagas/boot/firstFrame';
import { streamRequests } from '../../../src/state/stream';
import {
  DESKTOP,
  fakeDevice,
  fakeHttp,
  fakeMedia,
  fakePorts,
  ok,
  status,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { film } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

const VTT = `${BASE}/media/thumbs/film.vtt`;
const SPRITE = `${BASE}/media/thumbs/sprite.jpg`;
const VTT_TEXT = [
  'WEBVTT',
  '',
  '00:00.000 --> 00:02.000',
  'sprite.jpg#xywh=0,0,160,90',
  '',
  '00:02.000 --> 00:04.000',
  'sprite.jpg#xywh=160,0,160,90',
].join('\n');

const master = (thumbnails: unknown) => ({
  sources: [
    { label: 'A', link: '/media/hls/a.m3u8', isDefault: true },
    { label: 'B', link: '/media/hls/b.m3u8', isDefault: false },
  ],
  subtitles: [],
  thumbnails,
});

/** The film played through a master JSON with this thumbnails field, the file answered so. */
function player(
  thumbnails: unknown,
  vtt: HttpResponse | Error | ((req: HttpRequest) => HttpResponse) = ok(VTT_TEXT),
  { saveData = false, readerLoads = true } = {},
) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const http = fakeHttp({
    ...catalogRoutes(1, film),
    [`${BASE}/media/film.json`]: ok(master(thumbnails)),
    [VTT]: vtt,
  });
  const ports = fakePorts({
    http,
    media: media.port,
    clock: clock.port,
    device: fakeDevice({ ...DESKTOP, saveData }),
  });
  ports.loader.loadThumbnailsReader = () => Promise.resolve(readerLoads);
  const { store } = startPlayer('?movie_id=1', ports);
  const vttRequests = () => http.requests.filter((r) => r.url === VTT);
  /** the film's first frame, and the moment it settles on screen */
  const firstFrame = async () => {
    media.emit({ type: 'playing' });
    await untilIdle();
    await clock.advance(FIRST_FRAME_SETTLE_MS);
  };
  /** the film's other dubbing loads and shows its first frame */
  const otherSourcePlays = async () => {
    store.dispatch(streamRequests.sourceRequested({ index: 1 }));
    await untilIdle();
    media.emit({ type: 'playing' });
    await untilIdle();
  };
  return { store, media, http, vttRequests, firstFrame, clock, otherSourcePlays };
}

describe('the thumbnails actor', () => {
  it("fetches the master JSON's thumbnails file only after the film's first frame, and keeps its cues", async () => {
    const { store, media, vttRequests, clock, otherSourcePlays } = player('/media/thumbs/film.vtt');
    await untilIdle();
    expect(store.getState().stream.status).toBe('ready');
    expect(store.getState().stream.thumbnails).toEqual({
      src: VTT,
      loadedFrom: null,
      failed: false,
      images: [],
      cues: [],
    });
    expect(vttRequests()).toEqual([]); // nothing on the way to the first frame

    media.emit({ type: 'playing' });
    await untilIdle();
    expect(vttRequests()).toEqual([]); // nor while it reaches the screen
    await clock.advance(FIRST_FRAME_SETTLE_MS);
    expect(vttRequests()).toEqual([
      expect.objectContaining({ method: 'GET', url: VTT, responseType: 'text' }),
    ]);
    expect(store.getState().stream.thumbnails).toMatchObject({
      images: [SPRITE],
      cues: [
        [0, 2, 0, 0, 0, 160, 90],
        [2, 4, 0, 160, 0, 160, 90],
      ],
    });

    // a pause and play again, or another dubbing of the film, keeps the cues it has
    media.emit({ type: 'pause', currentTime: 1 });
    media.emit({ type: 'playing' });
    await otherSourcePlays();
    expect(store.getState().stream.url).toBe(`${BASE}/media/hls/b.m3u8`);
    expect(store.getState().stream.thumbnails.cues).toHaveLength(2);
    expect(vttRequests()).toHaveLength(1);
  });

  it.each([
    ['an HTTP error', status(500), true],
    ['no answer', new Error('Network error'), true],
    ['a file that is not WebVTT', ok('<html>Not here</html>'), false],
  ])('shows no previews after %s, and the film plays on', async (_name, answer, failed) => {
    const { store, firstFrame, vttRequests } = player('/media/thumbs/film.vtt', answer);
    await untilIdle();
    await firstFrame();
    expect(vttRequests()).toHaveLength(1);
    expect(store.getState().stream.thumbnails).toEqual({
      src: VTT,
      loadedFrom: VTT,
      failed,
      images: [],
      cues: [],
    });
    expect(store.getState().system.crashes).toEqual([]);
    expect(store.getState().media.paused).toBe(false);
  });

  it('does not ask again for a file that came without usable cues when the next stream loads', async () => {
    const { store, firstFrame, vttRequests, otherSourcePlays } = player(
      '/media/thumbs/film.vtt',
      ok('WEBVTT\n\nNOTE empty'),
    );
    await untilIdle();
    await firstFrame();
    await otherSourcePlays();
    expect(store.getState().stream.url).toBe(`${BASE}/media/hls/b.m3u8`);
    expect(vttRequests()).toHaveLength(1);
    expect(store.getState().stream.thumbnails).toMatchObject({ loadedFrom: VTT, cues: [] });
  });

  it('does not fetch the thumbnails file under Save-Data: the bar shows the time alone', async () => {
    const { store, firstFrame, vttRequests, otherSourcePlays } = player(
      '/media/thumbs/film.vtt',
      ok(VTT_TEXT),
      {
        saveData: true,
      },
    );
    await untilIdle();
    await firstFrame();
    await otherSourcePlays();
    expect(store.getState().stream.saveData).toBe(true);
    expect(vttRequests()).toEqual([]);
    expect(store.getState().stream.thumbnails.cues).toEqual([]);
    expect(store.getState().media.paused).toBe(false);
  });

  it('asks again for a file that failed when the next stream loads', async () => {
    let answer: HttpResponse = status(503);
    const { store, media, firstFrame, vttRequests } = player(
      '/media/thumbs/film.vtt',
      () => answer,
    );
    await untilIdle();
    await firstFrame();
    expect(store.getState().stream.thumbnails.cues).toEqual([]);
    answer = ok(VTT_TEXT);
    store.dispatch(streamRequests.sourceRequested({ index: 1 }));
    await untilIdle();
    expect(vttRequests()).toHaveLength(1); // not before that stream's first frame
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(vttRequests()).toHaveLength(2);
    expect(store.getState().stream.thumbnails.cues).toHaveLength(2);
  });

  it.each([[undefined], [42], [''], [{ src: '/media/thumbs/film.vtt' }]])(
    'reads a thumbnails field %j as none: nothing is fetched',
    async (field) => {
      const { store, firstFrame, http } = player(field);
      await untilIdle();
      await firstFrame();
      expect(store.getState().stream.thumbnails.src).toBeNull();
      expect(http.requests.filter((r) => r.url.includes('thumbs'))).toEqual([]);
      expect(store.getState().stream.url).toBe(`${BASE}/media/hls/a.m3u8`);
    },
  );

  it('shows no previews when the reader of the file cannot be loaded, and the film plays on', async () => {
    const { store, firstFrame, vttRequests } = player('/media/thumbs/film.vtt', undefined, {
      readerLoads: false,
    });
    await untilIdle();
    await firstFrame();
    expect(vttRequests()).toHaveLength(1);
    expect(store.getState().stream.thumbnails).toMatchObject({ failed: true, cues: [] });
    expect(store.getState().media.paused).toBe(false);
  });
});
