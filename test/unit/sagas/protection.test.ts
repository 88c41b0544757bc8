// A protected film in the stream actor: what the media port is asked to load, and what the viewer
// is told for each way it cannot be shown, including the key statuses no browser here can produce
// (output restricted by the device's HDCP: hls.js leaves out the rungs the key refuses and plays on;
// only when none is left does the failure come).
import { PROTECTED_FILMS } from '../../../demo/protectedFilms';
import type { MediaEvent } from '../../../src/shared/media';
import { NO_KEY_SYSTEM } from '../../../src/stream/protection';
import { fakeHttp, fakeMedia, fakePorts, ok, virtualClock } from '../../../tools/sim/fakePorts';
import { film } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { failureMessage } from '../../../src/components/MessageScreen';

async function protectedFilm() {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const ports = fakePorts({
    http: fakeHttp({
      ...catalogRoutes(1, film),
      [`${BASE}/media/film.json`]: ok(PROTECTED_FILMS['/media/protected.json'].master),
    }),
    media: media.port,
    clock: clock.port,
  });
  const start = async () => {
    const { store } = startPlayer('?movie_id=1&auto_play=1', ports);
    await untilIdle();
    return store;
  };
  return { media, start, ports };
}

const keyError = (details: string, fatal: boolean, licenseStatus?: number): MediaEvent => ({
  type: 'error',
  fatal,
  kind: 'other',
  details,
  bandwidth: 2_000_000,
  bufferLength: 12,
  keySystem: 'clearkey',
  ...(licenseStatus === undefined ? {} : { licenseStatus }),
});

describe('a protected film in the stream actor', () => {
  it("asks the media port to load it with the source's key systems, in order, their addresses resolved", async () => {
    const { media, start } = await protectedFilm();
    await start();
    const load = media.calls.find((c) => c.method === 'load')!.args[0];
    expect(load).toMatchObject({
      protection: [
        { keySystem: 'widevine', licenseUrl: `${BASE}/drm/widevine` },
        { keySystem: 'clearkey', licenseUrl: `${BASE}/drm/clearkey` },
      ],
    });
  });

  it('plays on while hls.js leaves out rungs the device may not show (output restricted, not fatal)', async () => {
    const { media, start } = await protectedFilm();
    const store = await start();
    media.emit({ type: 'playing' });
    media.emit(keyError('keySystemStatusOutputRestricted', false));
    await untilIdle();
    expect(store.getState().system.failure).toBeNull();
    expect(store.getState().media.paused).toBe(false);
  });

  it.each([
    ['keySystemStatusOutputRestricted', undefined, 'outputRestricted'],
    ['keySystemLicenseRequestFailed', 403, 'licenseRefused'],
    ['keySystemLicenseRequestFailed', 503, 'licenseUnavailable'],
    ['keySystemSessionUpdateFailed', undefined, 'keyMissing'],
  ])(
    'a fatal %s (license %s): the %s message with its id, the license status in the report',
    async (details, status, problem) => {
      const { media, start, ports } = await protectedFilm();
      const store = await start();
      media.emit({ type: 'playing' });
      media.emit(keyError(details, true, status));
      await untilIdle();
      // analytics hear the key system and the license server's answer
      expect(ports.sentStats.filter((sent) => sent.event === 'videoplayer_error')).toEqual([
        expect.objectContaining({
          payload: expect.objectContaining({
            error_details: details,
            key_system: 'clearkey',
            ...(status === undefined ? {} : { license_status: status }),
          }),
        }),
      ]);
      const failure = store.getState().system.failure!;
      expect(failure).toMatchObject({ reason: 'unexpected', protection: problem });
      expect(failure.detail).toBe(
        `Stream failed: ${details}${status === undefined ? '' : ` (clearkey: license answered ${status})`}`,
      );
      expect(failureMessage(failure)).toContain(`Идентификатор ошибки: ${failure.errorId}`);
    },
  );

  it('none of its key systems granted by the browser: the message at once, naming what was tried', async () => {
    const { media, start } = await protectedFilm();
    media.port.load = () =>
      Promise.reject(Object.assign(new Error('none granted'), { name: NO_KEY_SYSTEM }));
    const store = await start();
    expect(store.getState().system.failure).toMatchObject({
      protection: 'noKeySystem',
      detail: 'Stream load failed: none granted (widevine, clearkey)',
    });
    expect(store.getState().stream.lastError).toMatchObject({ details: NO_KEY_SYSTEM });
  });
});
