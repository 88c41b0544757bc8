// AirPlay and casting in the interface: offered while the browser says a device is within reach, in
// the mobile menu (SPEC.md section 1) and on the desktop bar.
import { act, fireEvent, screen } from '@testing-library/react';
import { viewportActions } from '../../../src/state/viewport';
import { renderPlayer, seriesBooted } from './renderPlayer';

const AIRPLAY = 'AirPlay';
const CAST = 'Трансляция на устройство';

const booted = [
  ...seriesBooted,
  viewportActions.capabilitiesFound({
    fullscreen: true,
    pictureInPicture: false,
    airplay: false,
    remotePlayback: false,
    touch: false,
  }),
];
const came = (kind: 'airplay' | 'remote') =>
  viewportActions.playbackTargetsChanged({ kind, available: true });
const went = (kind: 'airplay' | 'remote') =>
  viewportActions.playbackTargetsChanged({ kind, available: false });

const barButton = (name: string) => screen.queryByRole('button', { name });
const menuItem = (name: string) => screen.queryByRole('menuitem', { name });
const openSettings = () => fireEvent.click(screen.getByRole('button', { name: 'Настройки' }));

describe('AirPlay and casting on the desktop bar', () => {
  it('not offered while no device is within reach', () => {
    renderPlayer(...booted);
    expect(barButton(AIRPLAY)).toBeNull();
    expect(barButton(CAST)).toBeNull();
  });

  it('offered once a device comes within reach, and withdrawn when it goes', () => {
    const { store, dispatched } = renderPlayer(...booted);
    act(() => {
      store.dispatch(came('airplay'));
      store.dispatch(came('remote'));
    });
    expect(barButton(AIRPLAY)).toBeVisible();
    fireEvent.click(barButton(CAST)!);
    expect(dispatched.at(-1)).toEqual({ type: 'ui/castRequested', payload: { kind: 'remote' } });
    act(() => {
      store.dispatch(went('remote'));
    });
    expect(barButton(CAST)).toBeNull();
    expect(barButton(AIRPLAY)).toBeVisible();
  });
});

describe('AirPlay and casting in the mobile menu', () => {
  const mobile = [...booted, viewportActions.layoutChanged({ wide: false })];

  it('not offered while no device is within reach', () => {
    renderPlayer(...mobile);
    openSettings();
    expect(menuItem(AIRPLAY)).toBeNull();
    expect(menuItem(CAST)).toBeNull();
  });

  it('offered while a device is within reach, in the menu and not on the bar', () => {
    const { dispatched } = renderPlayer(...mobile, came('airplay'), came('remote'));
    expect(barButton(AIRPLAY)).toBeNull();
    expect(barButton(CAST)).toBeNull();
    openSettings();
    expect(menuItem(AIRPLAY)).toBeVisible();
    fireEvent.click(menuItem(CAST)!);
    expect(dispatched.slice(-2)).toEqual([
      { type: 'ui/castRequested', payload: { kind: 'remote' } },
      { type: 'ui/menuClosed', payload: undefined },
    ]);
  });

  it('withdrawn from the open menu when the device goes', () => {
    const { store } = renderPlayer(...mobile, came('airplay'));
    openSettings();
    expect(menuItem(AIRPLAY)).toBeVisible();
    act(() => {
      store.dispatch(went('airplay'));
    });
    expect(menuItem(AIRPLAY)).toBeNull();
  });
});
