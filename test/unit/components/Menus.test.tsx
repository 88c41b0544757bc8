import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UnknownAction } from 'redux';
import { contentActions } from '../../../src/state/content';
import { mediaActions } from '../../../src/state/playback';
import { streamActions } from '../../../src/state/stream';
import { DEFAULT_SUBTITLE_STYLE } from '../../../src/shared/subtitleStyle';
import { subtitleStyleRequests } from '../../../src/state/subtitleStyle';
import { uiActions } from '../../../src/state/ui';
import { viewportActions } from '../../../src/state/viewport';
import { series } from '../../../tools/sim/fixtures';
import { renderPlayer, seriesBooted } from './renderPlayer';

const watching202 = [...seriesBooted, contentActions.episodeSelected({ episodeId: 202 })];
const button = (name: string) => screen.getByRole('button', { name });
const menu = () => screen.queryByRole('menu');

describe('the seasons-and-episodes menu', () => {
  it('lists the seasons, then the episodes of one; back returns; choosing selects and closes', () => {
    const { dispatched } = renderPlayer(...watching202);
    fireEvent.click(button('Сезоны и эпизоды'));
    const seasons = screen.getByRole('menu', { name: 'Сезоны и эпизоды' });
    expect(
      within(seasons)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Сезон 1 3 эпизода', 'Сезон 2 2 эпизода']); // not 'Сезон 13…' read as one
    fireEvent.click(within(seasons).getAllByRole('menuitem')[1]!);
    const episodes = screen.getByRole('menu', { name: 'Сезон 2' });
    expect(within(episodes).getAllByRole('menuitemradio')).toHaveLength(2);
    fireEvent.click(button('Назад'));
    fireEvent.click(screen.getAllByRole('menuitem')[0]!);
    const first = screen.getByRole('menu', { name: 'Сезон 1' });
    expect(within(first).getByRole('menuitemradio', { checked: true })).toHaveTextContent(
      'Эпизод 2',
    );
    fireEvent.click(within(first).getByRole('menuitemradio', { name: /Эпизод 3/ }));
    expect(dispatched.at(-1)).toEqual({
      type: 'content/episodeRequested',
      payload: { episodeId: 203 },
    });
    expect(menu()).toBeNull();
  });

  it('moves focus into the menu, and back to its button when it closes', () => {
    renderPlayer(...watching202);
    fireEvent.click(button('Сезоны и эпизоды'));
    expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
    fireEvent.click(button('Закрыть'));
    expect(button('Сезоны и эпизоды')).toHaveFocus();
  });

  it('opening an episode menu closes the settings menu', () => {
    renderPlayer(...watching202);
    fireEvent.click(button('Настройки'));
    fireEvent.click(button('Сезоны и эпизоды'));
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(screen.getByRole('menu', { name: 'Сезоны и эпизоды' })).toBeVisible();
  });

  it("on small screens a single season is a 'Сезон N' button with its episode count", () => {
    renderPlayer(
      contentActions.loaded({
        content: series.content,
        seasons: [series.seasons[0]!],
        episodes: series.episodes.filter((e) => e.season.order === 1),
      }),
      ...seriesBooted.slice(1),
      contentActions.episodeSelected({ episodeId: 202 }),
      viewportActions.layoutChanged({ wide: false }),
    );
    fireEvent.click(button('Сезон 1 · 3 эпизода'));
    expect(screen.getByRole('menu', { name: 'Сезон 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Назад' })).toBeNull(); // nowhere to go back to
  });
});

describe('the next-episode card', () => {
  it("shows 'Следующий эпизод' and 'Эпизод N' while the next button is hovered", () => {
    const { dispatched } = renderPlayer(...watching202);
    expect(screen.queryByTestId('next-episode-card')).toBeNull();
    fireEvent.pointerEnter(button('Следующий эпизод'));
    const card = screen.getByTestId('next-episode-card');
    expect(card).toHaveTextContent('Следующий эпизод');
    expect(card).toHaveTextContent('Эпизод 3');
    fireEvent.pointerLeave(button('Следующий эпизод'));
    expect(screen.queryByTestId('next-episode-card')).toBeNull();
    fireEvent.click(button('Следующий эпизод'));
    expect(dispatched.at(-1)).toEqual({
      type: 'content/episodeRequested',
      payload: { episodeId: 203 },
    });
  });

  it('shows at the end of an episode, and not after the last one', () => {
    const { store } = renderPlayer(...watching202, mediaActions.ended());
    expect(screen.getByTestId('next-episode-card')).toHaveTextContent('Эпизод 3');
    act(() => {
      store.dispatch(contentActions.episodeSelected({ episodeId: 205 }));
    });
    expect(screen.queryByTestId('next-episode-card')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Следующий эпизод' })).toBeNull();
  });
});

describe('the audio-track menu', () => {
  it('lists the dubbings and the audio tracks; choosing one switches and closes', () => {
    const { dispatched } = renderPlayer(
      ...watching202,
      streamActions.loadStarted({
        url: '/a.m3u8',
        sources: [
          { label: 'Студия А', link: '/a.m3u8', isDefault: true },
          { label: 'Студия Б', link: '/b.m3u8', isDefault: false },
        ],
        sourceIndex: 0,
      }),
      streamActions.audioTracksLoaded({
        tracks: [
          { id: 0, name: 'Русский', lang: 'ru' },
          { id: 1, name: 'English', lang: 'en' },
        ],
        current: 0,
      }),
    );
    fireEvent.click(button('Озвучка'));
    const audio = screen.getByRole('menu', { name: 'Озвучка' });
    expect(
      within(audio)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['Студия А✓', 'Студия Б', 'Русский✓', 'English']);
    fireEvent.click(within(audio).getByRole('menuitemradio', { name: 'English' }));
    expect(dispatched.at(-1)).toEqual({ type: 'stream/audioTrackRequested', payload: { id: 1 } });
    expect(menu()).toBeNull();
  });
});

/** Episode 202 with sharing on, at 1:15 (after `before`). */
const sharingAt75 = (...before: UnknownAction[]) => [
  ...watching202,
  uiActions.configured({ share: true, stretchedClose: false, shareOrigin: 'https://kino.example' }),
  ...before,
  mediaActions.positionChanged({
    currentTime: 75,
    duration: 1500,
    bufferedEnd: 80,
    playedSeconds: 70,
  }),
];

describe('the share popup', () => {
  it('has five networks, copy link, and the time-code item (a menu checkbox) that shows the time', () => {
    const { dispatched } = renderPlayer(...sharingAt75());
    fireEvent.click(button('Поделиться'));
    const share = screen.getByRole('menu', { name: 'Поделиться' });
    const links = within(share).getAllByRole('menuitem', { name: /^Поделиться: / });
    expect(links).toHaveLength(5);
    const url = `https://kino.example${series.content.url}`; // the content's path on the site
    expect(links[0]).toHaveAttribute(
      'href',
      `https://vk.com/share.php?url=${encodeURIComponent(url)}`,
    );
    expect(links[0]).toHaveAttribute('target', '_blank');
    const withTime = within(share).getByRole('menuitemcheckbox', {
      name: 'Поделиться с тайм кодом: 1:15',
    });
    fireEvent.click(withTime);
    expect(links[0]?.getAttribute('href')).toContain(encodeURIComponent('t=75'));
    fireEvent.click(within(share).getByRole('menuitem', { name: 'Копировать ссылку' }));
    expect(dispatched.at(-1)?.type).toBe('ui/copyLinkRequested');
    expect((dispatched.at(-1)?.payload as { url: string }).url).toContain('t=75');
  });

  it('keeps the keyboard inside while open: Tab from the last control goes to the first', () => {
    renderPlayer(...sharingAt75());
    fireEvent.click(button('Поделиться'));
    const panel = screen.getByTestId('menu-share');
    const controls = [...panel.querySelectorAll<HTMLElement>('button, a[href]')];
    const [first, last] = [controls[0]!, controls.at(-1)!];
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(first).toHaveFocus();
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });

  it('follows the film while open: the time code and the shared link move with it', () => {
    const { store } = renderPlayer(...sharingAt75(mediaActions.playing()));
    fireEvent.click(button('Поделиться'));
    const share = screen.getByRole('menu', { name: 'Поделиться' });
    fireEvent.click(
      within(share).getByRole('menuitemcheckbox', { name: 'Поделиться с тайм кодом: 1:15' }),
    );
    act(() => {
      store.dispatch(
        mediaActions.positionChanged({
          currentTime: 76.2,
          duration: 1500,
          bufferedEnd: 80,
          playedSeconds: 71,
        }),
      );
    });
    expect(within(share).getByRole('menuitemcheckbox')).toHaveAccessibleName(
      'Поделиться с тайм кодом: 1:16',
    );
    const [vk] = within(share).getAllByRole('menuitem', { name: /^Поделиться: / });
    expect(vk?.getAttribute('href')).toContain(encodeURIComponent('t=76'));
  });

  it('tells the viewer the link was copied', () => {
    const { store } = renderPlayer(...watching202);
    fireEvent.click(button('Поделиться'));
    act(() => {
      store.dispatch(uiActions.linkCopied({ ok: true }));
    });
    expect(screen.getByRole('menuitem', { name: 'Ссылка скопирована' })).toBeVisible();
    act(() => {
      store.dispatch(uiActions.linkCopied({ ok: false }));
    });
    expect(screen.getByRole('menuitem', { name: 'Не удалось скопировать ссылку' })).toBeVisible();
  });

  it('is not offered with disabled_share', () => {
    renderPlayer(
      ...watching202,
      uiActions.configured({ share: false, stretchedClose: false, shareOrigin: '' }),
    );
    expect(screen.queryByRole('button', { name: 'Поделиться' })).toBeNull();
  });
});

describe('the poster and the fullscreen-stretched close button', () => {
  it('shows the poster until playback starts, and the fallback when the poster fails', () => {
    const { store } = renderPlayer(...watching202);
    const poster = screen.getByTestId('poster');
    expect(poster).toHaveAttribute('src', '/media/poster-series.jpg');
    fireEvent.error(poster);
    expect(screen.getByTestId('poster').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    act(() => {
      store.dispatch(mediaActions.playing());
    });
    expect(screen.queryByTestId('poster')).toBeNull();
  });

  it('offers close on mobile while the frame is stretched, in the stretched mode inside a frame', () => {
    const { dispatched, store } = renderPlayer(
      ...watching202,
      uiActions.configured({ share: true, stretchedClose: true, shareOrigin: '' }),
      viewportActions.layoutChanged({ wide: false }),
    );
    expect(screen.queryByRole('button', { name: 'Свернуть плеер' })).toBeNull();
    act(() => {
      store.dispatch(viewportActions.stretchedChanged({ active: true }));
    });
    fireEvent.click(button('Свернуть плеер'));
    expect(dispatched.at(-1)?.type).toBe('ui/stretchedCloseRequested');
  });
});

describe("the subtitles' 'Оформление' page", () => {
  const withSubtitles = [
    ...watching202,
    viewportActions.layoutChanged({ wide: true }),
    streamActions.subtitleTracksLoaded({
      tracks: [{ id: 0, name: 'Русские', lang: 'ru' }],
      current: -1,
    }),
  ];

  it("shows each field's choice; a choice returns to 'Оформление', where the preview shows it", () => {
    const { store, dispatched } = renderPlayer(...withSubtitles);
    fireEvent.click(button('Субтитры'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Оформление' }));
    const style = screen.getByRole('menu', { name: 'Оформление' });
    expect(
      within(style)
        .getAllByRole('menuitem')
        .map((i) => i.getAttribute('aria-label') ?? i.textContent),
    ).toEqual([
      'Шрифт: Без засечек',
      'Размер: 100%',
      'Цвет текста: Белый',
      'Прозрачность текста: 100%',
      'Цвет фона: Чёрный',
      'Прозрачность фона: 75%',
      'Цвет окна: Чёрный',
      'Прозрачность окна: Нет',
      'Контур символов: Нет',
      'Сбросить оформление',
    ]);
    expect(screen.getByRole('img', { name: 'Так будут выглядеть субтитры' })).toBeVisible();
    fireEvent.click(within(style).getByRole('menuitem', { name: 'Цвет текста: Белый' }));
    const colours = screen.getByRole('menu', { name: 'Цвет текста' });
    expect(
      within(colours)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual([
      'Белый✓',
      'Жёлтый',
      'Зелёный',
      'Голубой',
      'Синий',
      'Пурпурный',
      'Красный',
      'Чёрный',
    ]);
    fireEvent.click(within(colours).getByRole('menuitemradio', { name: 'Жёлтый' }));
    expect(dispatched.at(-1)).toEqual({
      type: 'subtitleStyle/styleRequested',
      payload: { color: 'yellow' },
    });
    expect(store.getState().subtitleStyle.color).toBe('yellow');
    // back on 'Оформление': the page names the choice, the preview's text is yellow
    expect(screen.getByRole('menuitem', { name: 'Цвет текста: Жёлтый' })).toHaveFocus();
    const sample = screen.getByText('Так будут выглядеть субтитры');
    expect(getComputedStyle(sample).color).toBe('rgb(255, 235, 0)');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Размер: 100%' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: '300%' }));
    expect(getComputedStyle(screen.getByText('Так будут выглядеть субтитры')).fontSize).toBe(
      '300%',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Сбросить оформление' }));
    expect(store.getState().subtitleStyle).toEqual(DEFAULT_SUBTITLE_STYLE);
    expect(screen.getByRole('menuitem', { name: 'Размер: 100%' })).toBeInTheDocument();
    // back leads to the subtitles page
    fireEvent.click(button('Назад'));
    expect(screen.getByRole('menu', { name: 'Субтитры' })).toBeVisible();
  });

  /** The rules the view wrote for the content video's cues and their container. */
  const videoRules = () =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText))
      .filter((rule) => rule.startsWith('#video::'));

  it('styles the cues as chosen, lifted above the control bar while it shows', () => {
    renderPlayer(
      ...withSubtitles,
      subtitleStyleRequests.styleRequested({ size: 150, background: 0 }),
      subtitleStyleRequests.styleRequested({ font: 'smallCaps', edge: 'dropShadow' }),
      subtitleStyleRequests.styleRequested({ windowColor: 'blue', windowOpacity: 50 }),
    );
    expect(videoRules()).toEqual([
      '#video::cue {font-family: Arial,Helvetica,"Liberation Sans",sans-serif; font-variant: small-caps; font-size: 150%; color: rgba(255, 255, 255, 1); background-color: rgba(0, 0, 0, 0); text-shadow: 0.08em 0.08em 0.12em rgba(0, 0, 0, 0.9);}',
      '#video::-webkit-media-text-track-display {background-color: rgba(64, 96, 255, 0.5);}',
      expect.stringMatching(
        /::-webkit-media-text-track-container \{.* transform: translateY\(calc\(-1 \* var\(--control-bar-height, 0px\)\)\);\}$/,
      ),
    ]);
  });

  it('leaves the cues at the bottom while the control bar is hidden', () => {
    renderPlayer(...withSubtitles, mediaActions.playing(), uiActions.controlsHidden());
    expect(videoRules()[2]).toMatch(/ transform: translateY\(0\);\}$/);
  });
});

describe('the keys of an open menu (WAI-ARIA menu pattern)', () => {
  it('the arrows move between the items and round the ends, Home and End go to the ends', () => {
    renderPlayer(...watching202);
    fireEvent.click(button('Сезоны и эпизоды'));
    const seasons = screen.getByRole('menu', { name: 'Сезоны и эпизоды' });
    const [first, second] = within(seasons).getAllByRole('menuitem');
    expect(first).toHaveFocus(); // focus goes to the first item as the menu opens
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
    press('ArrowDown');
    expect(second).toHaveFocus();
    press('ArrowDown');
    expect(first).toHaveFocus(); // round from the last to the first
    press('ArrowUp');
    expect(second).toHaveFocus();
    press('Home');
    expect(first).toHaveFocus();
    press('End');
    expect(second).toHaveFocus();
    // from the panel's close button, down goes to the first item
    button('Закрыть').focus();
    press('ArrowDown');
    expect(first).toHaveFocus();
  });
});
