// The macros of VAST 4.3 that beacons take from the player and the ad (sagas/ads/playerMacros.ts,
// sagas/ads/tracking.ts): [ADSERVINGID], [PLAYERSIZE], [PLAYERSTATE] and [PLAYBACKMETHODS].
import { expectSaga } from 'redux-saga-test-plan';
import { parseConfig } from '../../../src/app/config';
import { playbackMethodOf, playerMacroValues } from '../../../sagas/ads/playerMacros';
import { rootReducer, type PlayerState } from '../../../src/state';
import { adsActions } from '../../../src/state/ads';
import { mediaActions } from '../../../src/state/playback';
import { resumeActions } from '../../../src/state/resume';
import { viewportActions } from '../../../src/state/viewport';
import { PLAYBACK_METHOD } from '../../../src/vast/macros';
import { fakeAdMedia, fakePorts } from '../../../tools/sim/fakePorts';
import { BASE } from '../../../tools/sim/player';
import { cdata, inlineAd, linear, vast } from '../vast/documents';
import { adPlayer, startPreroll } from './adPlayer';

/** The state after these actions. */
const stateAfter = (...actions: Parameters<typeof rootReducer>[1][]) =>
  actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));

const decided = (autoplay: boolean) =>
  resumeActions.decided({ savedTime: null, promptVisible: false, autoplay });
const muted = adsActions.volumeChanged({ volume: 1, muted: true });

describe('[PLAYBACKMETHODS]: how the playback the advert is part of began', () => {
  it('the viewer’s play: click to play, with sound (3)', () => {
    expect(playbackMethodOf(stateAfter(decided(false)), true)).toBe(PLAYBACK_METHOD.CLICK_SOUND_ON);
    expect(playbackMethodOf(stateAfter(decided(false), muted), false)).toBe(3);
  });

  it('an episode that started by itself on a page that asked for no autoplay: continuous play (7)', () => {
    // SPEC.md section 4: without the page's flag, only the move to another episode autoplays
    expect(playbackMethodOf(stateAfter(decided(true)), false)).toBe(PLAYBACK_METHOD.CONTINUOUS);
  });

  it('the page’s autoplay: on its load, with sound (1) or without (2)', () => {
    expect(playbackMethodOf(stateAfter(decided(true)), true)).toBe(
      PLAYBACK_METHOD.PAGE_LOAD_SOUND_ON,
    );
    expect(playbackMethodOf(stateAfter(decided(true), muted), true)).toBe(
      PLAYBACK_METHOD.PAGE_LOAD_SOUND_OFF,
    );
  });

  it('the host page’s choice of autoplay counts as the page’s', () => {
    const chosen = stateAfter(decided(false), resumeActions.autoplayChosen({ autoplay: true }));
    expect(playbackMethodOf(chosen, false)).toBe(PLAYBACK_METHOD.PAGE_LOAD_SOUND_ON);
  });
});

describe('the player’s macro values, as the player is when a beacon fires', () => {
  const config = parseConfig({ search: '?movie_id=1', origin: BASE });

  function valuesFor(urls: string[], state: PlayerState) {
    const adMedia = fakeAdMedia();
    const size = jest.spyOn(adMedia.port, 'size');
    const ports = fakePorts({ adMedia: adMedia.port });
    const run = expectSaga(playerMacroValues, urls)
      .withState(state)
      .provide({ getContext: (name) => (name === 'ports' ? ports : config) })
      .run();
    return { run, size };
  }

  it('[PLAYERSTATE]: the advert’s mute and the fullscreen (the stretched frame is one too)', async () => {
    const fullscreen = viewportActions.fullscreenChanged({ active: true, native: false });
    const { run } = valuesFor(['https://t.test/?s=[PLAYERSTATE]'], stateAfter(muted, fullscreen));
    expect((await run).returnValue.playerState).toEqual({ muted: true, fullscreen: true });
    const stretched = stateAfter(viewportActions.stretchedChanged({ active: true }));
    const again = valuesFor([], stretched);
    expect((await again.run).returnValue.playerState).toEqual({ muted: false, fullscreen: true });
  });

  it('[PLAYERSIZE]: the ad media port is asked for the size only by a URL that has the macro', async () => {
    const without = valuesFor(['https://t.test/start?s=[PLAYERSTATE]'], stateAfter());
    expect((await without.run).returnValue.playerSize).toBeUndefined();
    expect(without.size).not.toHaveBeenCalled();
    const sized = valuesFor(['https://t.test/a', 'https://t.test/b?p=[PLAYERSIZE]'], stateAfter());
    expect((await sized.run).returnValue.playerSize).toEqual({ width: 1280, height: 720 });
    expect(sized.size).toHaveBeenCalledTimes(1);
  });
});

describe('the macros in the beacons of an advert that plays', () => {
  const MACROS =
    'id=[ADSERVINGID]&size=[PLAYERSIZE]&state=[PLAYERSTATE]&method=[PLAYBACKMETHODS]&reason=[REASON]';
  const document = (mediaFiles?: string) =>
    vast(
      inlineAd({
        impressions: [`https://inline.test/impression?${MACROS}`],
        errors: [`https://inline.test/error?code=[ERRORCODE]&id=[ADSERVINGID]`],
        more: '<AdServingId>server-47ed3bac</AdServingId>',
        creatives: `<Creative>${linear({
          duration: '00:00:06',
          tracking: `<Tracking event="start">${cdata(`https://inline.test/start?${MACROS}`)}</Tracking>`,
          ...(mediaFiles === undefined ? {} : { mediaFiles }),
        })}</Creative>`,
      }),
    );

  it('carry the AdServingId, the player’s size and state, and the playback method; [REASON] only for verification', async () => {
    const p = adPlayer(['served'], { documents: { served: document() } });
    await p.setViewport({ type: 'fullscreen', active: true, native: false });
    await startPreroll(p, 6);
    const expanded = 'id=server-47ed3bac&size=1280,720&state=fullscreen&method=3&reason=-1';
    expect(p.beacons).toEqual([
      `https://inline.test/impression?${expanded}`,
      `https://inline.test/start?${expanded}`,
    ]);
  });

  it('the page’s autoplay: method 1 with sound, 2 for a player muted before the break', async () => {
    const autoplay = { search: '?movie_id=1&auto_play=1', documents: { served: document() } };
    const loud = adPlayer(['served'], autoplay);
    await startPreroll(loud, 6);
    expect(loud.beacons[0]).toMatch(/state=&method=1&/);
    const quiet = adPlayer(['served'], autoplay);
    quiet.store.dispatch(mediaActions.volumeChanged({ volume: 1, muted: true }));
    await startPreroll(quiet, 6);
    expect(quiet.beacons[0]).toMatch(/state=muted&method=2&/);
  });

  it('an advert that cannot play tells its AdServingId with the error code', async () => {
    const webm = `<MediaFile delivery="progressive" type="video/webm" width="640" height="360">${cdata('https://cdn.test/ad.webm')}</MediaFile>`;
    const p = adPlayer(['unplayable'], { documents: { unplayable: document(webm) } });
    await startPreroll(p);
    expect(p.beacons).toEqual(['https://inline.test/error?code=403&id=server-47ed3bac']);
  });
});
