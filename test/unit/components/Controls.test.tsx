import { act, fireEvent, screen, within } from '@testing-library/react';
import { mediaActions } from '../../../src/state/playback';
import { streamActions } from '../../../src/state/stream';
import { streamHealthActions } from '../../../src/state/streamHealth';
import { uiRequests } from '../../../src/state/ui';
import { viewportActions } from '../../../src/state/viewport';
import { renderPlayer, seriesBooted } from './renderPlayer';

const levels = [
  { height: 240, bitrate: 400_000 },
  { height: 360, bitrate: 800_000 },
  { height: 480, bitrate: 1_400_000 },
];
const everything = {
  fullscreen: true,
  pictureInPicture: true,
  airplay: true,
  remotePlayback: true,
  touch: false,
};
const booted = [
  ...seriesBooted,
  streamActions.levelsLoaded({ levels, auto: true }),
  streamActions.levelSwitched({ level: 2, auto: true }),
  streamActions.subtitleTracksLoaded({
    tracks: [{ id: 0, name: 'Русские', lang: 'ru' }],
    current: -1,
  }),
  viewportActions.capabilitiesFound(everything),
  mediaActions.playing(),
];

const button = (name: string) => screen.getByRole('button', { name });
const menu = () => screen.queryByRole('menu');

describe('the settings menu (SPEC.md sections 2 and 4)', () => {
  it('opens on main with quality and speed, and closes when pressed again', () => {
    renderPlayer(...booted);
    expect(menu()).toBeNull();
    fireEvent.click(button('Настройки'));
    const main = screen.getByRole('menu', { name: 'Настройки' });
    expect(within(main).getByRole('menuitem', { name: /Качество.*Auto \(480p\)/ })).toBeVisible();
    expect(within(main).getByRole('menuitem', { name: /Скорость.*Обычная/ })).toBeVisible();
    expect(within(main).queryByRole('menuitem', { name: /Субтитры/ })).toBeNull(); // desktop
    fireEvent.click(button('Настройки'));
    expect(menu()).toBeNull();
  });

  it('goes to a page, back to main, and closes on selecting an option', () => {
    const { dispatched } = renderPlayer(...booted);
    fireEvent.click(button('Настройки'));
    fireEvent.click(screen.getByRole('menuitem', { name: /Качество/ }));
    const quality = screen.getByRole('menu', { name: 'Качество' });
    expect(
      within(quality)
        .getAllByRole('menuitemradio')
        .map((o) => o.textContent),
    ).toEqual(['Auto (480p)✓', '480p', '360p', '240p']);
    fireEvent.click(button('Назад'));
    expect(screen.getByRole('menu', { name: 'Настройки' })).toBeVisible();
    fireEvent.click(screen.getByRole('menuitem', { name: /Скорость/ }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: '1.5x' }));
    expect(menu()).toBeNull();
    expect(dispatched.at(-1)).toEqual({ type: 'stream/rateRequested', payload: { rate: 1.5 } });
  });

  it('the subtitles icon opens subs directly; choosing one closes it', () => {
    const { dispatched } = renderPlayer(...booted);
    fireEvent.click(button('Субтитры'));
    const subs = screen.getByRole('menu', { name: 'Субтитры' });
    expect(
      within(subs)
        .getAllByRole('menuitemradio')
        .map((o) => o.textContent),
    ).toEqual(['Выкл.✓', 'Русские']);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Русские' }));
    expect(menu()).toBeNull();
    expect(dispatched.at(-1)).toEqual({ type: 'stream/subtitleRequested', payload: { id: 0 } });
  });

  it('closes with its close button, and returns focus to the settings button', () => {
    renderPlayer(...booted);
    fireEvent.click(button('Настройки'));
    expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
    fireEvent.click(button('Закрыть'));
    expect(menu()).toBeNull();
    expect(button('Настройки')).toHaveFocus();
  });

  it('closes on a click outside it (the ui actor turns it into menuClosed)', () => {
    const { store } = renderPlayer(...booted);
    fireEvent.click(button('Настройки'));
    act(() => {
      store.dispatch(uiRequests.menuClosed());
    });
    expect(menu()).toBeNull();
  });

  it('closes on a click on another control of the bar, which does what it does', () => {
    const { dispatched } = renderPlayer(...booted);
    fireEvent.click(button('Настройки'));
    expect(menu()).not.toBeNull();
    fireEvent.click(screen.getAllByRole('menuitem')[0]!); // inside: a page of it, still open
    expect(screen.getByRole('menu', { name: 'Качество' })).toBeVisible();
    fireEvent.click(button('Выключить звук'));
    expect(menu()).toBeNull();
    expect(dispatched.map((a) => a.type)).toContain('playback/volumeRequested');
    // another menu's button opens that menu instead
    fireEvent.click(button('Настройки'));
    fireEvent.click(button('Субтитры'));
    expect(screen.getByRole('menu', { name: 'Субтитры' })).toBeVisible();
  });

  it('tells every icon button’s click by its name, picture-in-picture entering and leaving apart', () => {
    const { iconClicks, store } = renderPlayer(...booted);
    for (const name of [
      'Пауза',
      'Назад на 10 секунд',
      'Вперёд на 10 секунд',
      'Выключить звук',
      'Настройки',
      'Картинка в картинке',
      'AirPlay',
      'Трансляция на устройство',
      'Во весь экран',
    ])
      fireEvent.click(button(name));
    act(() => {
      store.dispatch(viewportActions.pictureInPictureChanged({ active: true }));
    });
    fireEvent.click(button('Картинка в картинке'));
    expect(iconClicks).toEqual([
      'pause',
      'seek_back',
      'seek_forward',
      'mute',
      'settings',
      'picture_in_picture_enter',
      'airplay',
      'cast',
      'fullscreen',
      'picture_in_picture_exit',
    ]);
  });

  it('on mobile holds subtitles and the extra slot (picture-in-picture, AirPlay, casting)', () => {
    const { dispatched } = renderPlayer(...booted, viewportActions.layoutChanged({ wide: false }));
    expect(screen.queryByRole('button', { name: 'Субтитры' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Картинка в картинке' })).toBeNull();
    fireEvent.click(button('Настройки'));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual([
      'Картинка в картинке',
      'AirPlay',
      'Трансляция на устройство',
      'Качество Auto (480p)',
      'Скорость Обычная',
      'Субтитры Выкл.',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'AirPlay' }));
    expect(dispatched.slice(-2)).toEqual([
      { type: 'ui/castRequested', payload: { kind: 'airplay' } },
      { type: 'ui/menuClosed', payload: undefined },
    ]);
    expect(menu()).toBeNull();
  });
});

describe('the controls bar', () => {
  it('has play/pause, 10 s back and forward, mute and a volume slider in steps of 0.05', () => {
    const { dispatched, store } = renderPlayer(...booted);
    fireEvent.click(button('Пауза'));
    fireEvent.click(button('Назад на 10 секунд'));
    fireEvent.click(button('Вперёд на 10 секунд'));
    fireEvent.click(button('Выключить звук'));
    expect(dispatched.map((a) => a.type)).toEqual([
      'playback/pauseRequested',
      'playback/seekByRequested',
      'playback/seekByRequested',
      'playback/volumeRequested',
    ]);
    expect(dispatched.slice(1, 3).map((a) => a.payload)).toEqual([
      { seconds: -10 },
      { seconds: 10 },
    ]);
    expect(dispatched[3]?.payload).toEqual({ volume: 1, muted: true });
    const volume = screen.getByRole('slider', { name: 'Громкость' });
    expect(volume).toHaveAttribute('step', '0.05');
    expect(volume).toHaveAttribute('aria-valuetext', '100%');
    fireEvent.change(volume, { target: { value: '0.35' } });
    expect(dispatched.at(-1)).toEqual({
      type: 'playback/volumeRequested',
      payload: { volume: 0.35, muted: false },
    });
    act(() => {
      store.dispatch(mediaActions.volumeChanged({ volume: 0.35, muted: true }));
    });
    expect(button('Включить звук')).toBeVisible();
    expect(screen.getByRole('slider', { name: 'Громкость' })).toHaveAttribute(
      'aria-valuetext',
      '0%',
    );
  });

  it('shows picture-in-picture, AirPlay, casting and fullscreen only where the browser has them', () => {
    renderPlayer(...booted);
    for (const name of [
      'Картинка в картинке',
      'AirPlay',
      'Трансляция на устройство',
      'Во весь экран',
    ])
      expect(button(name)).toBeVisible();
  });

  it('leaves out what the browser lacks', () => {
    renderPlayer(
      ...booted,
      viewportActions.capabilitiesFound({
        ...everything,
        pictureInPicture: false,
        airplay: false,
        remotePlayback: false,
        fullscreen: false,
      }),
    );
    for (const name of [
      'Картинка в картинке',
      'AirPlay',
      'Трансляция на устройство',
      'Во весь экран',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('names fullscreen by what it will do', () => {
    const { dispatched } = renderPlayer(
      ...booted,
      viewportActions.fullscreenChanged({ active: true, native: false }),
    );
    expect(screen.queryByRole('button', { name: 'Во весь экран' })).toBeNull();
    fireEvent.click(button('Выйти из полноэкранного режима'));
    expect(dispatched.at(-1)?.type).toBe('ui/fullscreenToggled');
  });

  it('the progress slider seeks with its arrows and carries the time as its value text', () => {
    const { dispatched, store } = renderPlayer(...booted);
    act(() => {
      store.dispatch(
        mediaActions.positionChanged({
          currentTime: 65,
          duration: 3725,
          bufferedEnd: 90,
          playedSeconds: 60,
        }),
      );
    });
    const progress = screen.getByRole('slider', { name: 'Перемотка' });
    expect(progress).toHaveAttribute('aria-valuetext', '1:05 из 1:02:05');
    expect(progress).toHaveAttribute('aria-valuenow', '65');
    expect(progress).toHaveAttribute('aria-valuemax', '3725');
    fireEvent.keyDown(progress, { key: 'ArrowRight' });
    fireEvent.keyDown(progress, { key: 'Home' });
    expect(dispatched.slice(-2).map((a) => [a.type, a.payload])).toEqual([
      ['playback/seekByRequested', { seconds: 10 }],
      ['playback/seekRequested', { time: 0 }],
    ]);
  });

  it('hides while playing once the ui actor says so, and stays while paused', () => {
    const { store } = renderPlayer(...booted);
    const bar = screen.getByTestId('control-bar');
    expect(bar).toHaveAttribute('data-hidden', 'false');
    act(() => {
      store.dispatch({ type: 'ui/controlsHidden' });
    });
    expect(bar).toHaveAttribute('data-hidden', 'true');
    act(() => {
      store.dispatch(mediaActions.paused({ currentTime: 3 }));
    });
    expect(bar).toHaveAttribute('data-hidden', 'false');
  });

  it('reports the player’s keys, but not the ones a focused control answers itself', () => {
    const { dispatched } = renderPlayer(...booted);
    fireEvent.keyDown(screen.getByTestId('surface'), { key: 'f' });
    fireEvent.keyDown(button('Пауза'), { key: ' ' });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Громкость' }), { key: 'ArrowUp' });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Громкость' }), { key: 'm' });
    fireEvent.click(button('Настройки'));
    fireEvent.keyDown(screen.getAllByRole('menuitem')[0]!, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getAllByRole('menuitem')[0]!, { key: 'Escape' });
    expect(dispatched.filter((a) => a.type === 'ui/keyPressed').map((a) => a.payload)).toEqual([
      { key: 'f' },
      { key: 'm' },
      { key: 'Escape' },
    ]);
  });

  it('reports a click on the picture with its zone: the outer fifths seek', () => {
    const { dispatched } = renderPlayer(...booted);
    const surface = screen.getByTestId('surface');
    surface.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 1000, height: 500 }) as DOMRect;
    fireEvent.click(surface, { clientX: 190, detail: 1 });
    fireEvent.click(surface, { clientX: 190, detail: 2 });
    fireEvent.click(surface, { clientX: 210, detail: 2 });
    fireEvent.click(surface, { clientX: 790, detail: 2 });
    fireEvent.click(surface, { clientX: 810, detail: 2 });
    expect(dispatched.map((a) => [a.type, (a.payload as { zone: string }).zone])).toEqual([
      ['ui/surfaceClicked', 'left'],
      ['ui/surfaceDoubleClicked', 'left'], // the left fifth ends at 20%
      ['ui/surfaceDoubleClicked', 'middle'],
      ['ui/surfaceDoubleClicked', 'middle'],
      ['ui/surfaceDoubleClicked', 'right'], // the right fifth starts at 80%
    ]);
  });

  it('shows a buffering indicator while the started video waits for data', () => {
    const { store } = renderPlayer(...booted);
    expect(screen.queryByRole('img', { name: 'Загрузка видео' })).toBeNull();
    act(() => {
      store.dispatch(mediaActions.waiting());
    });
    expect(screen.getByRole('img', { name: 'Загрузка видео' })).toBeVisible();
  });

  it('says the connection is gone under the spinner while the player waits for the network', () => {
    const { store } = renderPlayer(...booted);
    const line = 'Нет соединения с интернетом. Продолжим, когда сеть вернётся';
    act(() => {
      store.dispatch(streamHealthActions.networkLost({ details: 'fragLoadError' }));
    });
    expect(screen.queryByText(line)).toBeNull(); // the film still plays out its buffer
    act(() => {
      store.dispatch(mediaActions.waiting());
    });
    expect(screen.getByRole('img', { name: 'Загрузка видео' })).toBeVisible();
    expect(screen.getByText(line)).toBeVisible();
    act(() => {
      store.dispatch(streamHealthActions.networkBack());
    });
    expect(screen.queryByText(line)).toBeNull();
    expect(screen.getByRole('img', { name: 'Загрузка видео' })).toBeVisible(); // data still to come
  });
});

describe('the controls’ keys, told to screen readers (aria-keyshortcuts)', () => {
  it('names the player’s keys on the controls that have them', () => {
    renderPlayer(...seriesBooted);
    const bar = within(screen.getByTestId('control-bar'));
    const keysOf = (role: 'button' | 'slider', name: string) =>
      bar.getByRole(role, { name }).getAttribute('aria-keyshortcuts');
    expect(keysOf('button', 'Смотреть')).toBe('K Space');
    expect(keysOf('button', 'Назад на 10 секунд')).toBe('J ArrowLeft');
    expect(keysOf('button', 'Вперёд на 10 секунд')).toBe('L ArrowRight');
    expect(keysOf('button', 'Выключить звук')).toBe('M');
    expect(keysOf('slider', 'Перемотка')).toBe('Home End 0 1 2 3 4 5 6 7 8 9');
  });
});
