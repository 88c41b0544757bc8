import { rootReducer } from '../../../src/state';
import { viewportActions } from '../../../src/state/viewport';

const found = viewportActions.capabilitiesFound({
  fullscreen: true,
  pictureInPicture: true,
  airplay: false,
  remotePlayback: false,
  touch: true,
});
const capabilities = (...actions: { type: string }[]) =>
  actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' })).viewport.capabilities;

describe('viewport state: AirPlay and casting devices within reach', () => {
  it('offers neither before the browser tells of a device', () => {
    expect(capabilities()).toMatchObject({ airplay: false, remotePlayback: false });
    expect(capabilities(found)).toMatchObject({ airplay: false, remotePlayback: false });
  });

  it('offers AirPlay while a receiver is within reach, and no longer once it goes', () => {
    const came = viewportActions.playbackTargetsChanged({ kind: 'airplay', available: true });
    const went = viewportActions.playbackTargetsChanged({ kind: 'airplay', available: false });
    expect(capabilities(found, came)).toEqual({
      fullscreen: true,
      pictureInPicture: true,
      airplay: true,
      remotePlayback: false,
      touch: true,
    });
    expect(capabilities(found, came, went)).toMatchObject({ airplay: false });
  });

  it('offers casting while a device is within reach, each kind on its own', () => {
    const cast = viewportActions.playbackTargetsChanged({ kind: 'remote', available: true });
    const airplay = viewportActions.playbackTargetsChanged({ kind: 'airplay', available: true });
    const castGone = viewportActions.playbackTargetsChanged({ kind: 'remote', available: false });
    expect(capabilities(found, cast)).toMatchObject({ airplay: false, remotePlayback: true });
    expect(capabilities(found, cast, airplay, castGone)).toMatchObject({
      airplay: true,
      remotePlayback: false,
    });
  });
});
