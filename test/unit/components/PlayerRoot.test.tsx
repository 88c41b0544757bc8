import { act, fireEvent, screen } from '@testing-library/react';
import type { UnknownAction } from 'redux';
import { adsActions } from '../../../src/state/ads';
import { contentActions } from '../../../src/state/content';
import { mediaActions } from '../../../src/state/playback';
import { resumeActions } from '../../../src/state/resume';
import { systemActions, type BootFailure } from '../../../src/state/system';
import { uiActions } from '../../../src/state/ui';
import { renderPlayer, seriesBooted } from './renderPlayer';

const failure = (reason: BootFailure['reason'], extra: Partial<BootFailure> = {}) =>
  systemActions.bootFailed({ reason, errorId: null, address: null, detail: '', ...extra });

/** Reports the position of a 100 s film at a given second, as the stream loop does. */
const positionReports =
  (store: { dispatch: (action: UnknownAction) => unknown }) => (second: number) =>
    act(() => {
      store.dispatch(
        mediaActions.positionChanged({
          currentTime: second,
          duration: 100,
          bufferedEnd: second + 5,
          playedSeconds: second,
        }),
      );
    });

describe('PlayerRoot', () => {
  it("shows 'Loading...' while booting", () => {
    renderPlayer();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it.each([
    [failure('missing-movie-id'), 'Пропущен movie_id в запросе'],
    [failure('no-episodes'), 'Отсутсвуют эпизоды для проигрывания'],
    [failure('not-found'), 'Контент не доступен'],
    [
      failure('blocked'),
      'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
    ],
    [
      failure('master-load-failed', { address: 'https://cdn.example/film.json' }),
      'Ошибка в загрузке: https://cdn.example/film.json',
    ],
  ])('shows the message for %j', (action, text) => {
    renderPlayer(action);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Перезагрузить страницу' })).toBeNull();
  });

  it('shows the error id and a reload button for other errors', () => {
    const { onReload } = renderPlayer(failure('unexpected', { errorId: 'a1b2c3d4' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: a1b2c3d4',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Перезагрузить страницу' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('lets the pointer through to an ad creative in a break, and takes the keys back after it', () => {
    jest.spyOn(document, 'hasFocus').mockReturnValue(true); // the viewer is in the player
    const { store } = renderPlayer(...seriesBooted);
    const root = screen.getByTestId('player');
    expect(root).toHaveAttribute('data-ad-break', 'false');
    act(() => {
      store.dispatch(adsActions.breakStarted({ kind: 'preroll', total: 1, contentTime: 0 }));
    });
    expect(root).toHaveAttribute('data-ad-break', 'true');
    // the click went into the creative's frame, gone with the break: the focus is nowhere
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => {
      store.dispatch(adsActions.breakEnded({ kind: 'preroll', episodeId: null, playedSeconds: 0 }));
    });
    expect(root).toHaveAttribute('data-ad-break', 'false');
    expect(document.activeElement).toBe(root);
  });

  it('shows the series title with season and episode, and asks to play', () => {
    const { dispatched } = renderPlayer(
      ...seriesBooted,
      contentActions.episodeSelected({ episodeId: 203 }),
    );
    expect(screen.getByRole('heading', { name: 'Демонстрационный сериал' })).toBeInTheDocument();
    expect(screen.getByText(/1 сезон, 3 серия · 3\. Погоня/)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Смотреть' })[0]!);
    expect(dispatched.map((a) => a.type)).toEqual(['playback/playRequested']);
  });

  it('asks where to continue, and hides the question once answered', () => {
    const { dispatched } = renderPlayer(
      ...seriesBooted,
      resumeActions.decided({ savedTime: 3725, promptVisible: true, autoplay: false }),
    );
    const prompt = screen.getByRole('dialog', { name: 'Вы остановились на 1:02:05' });
    // One question at a time: the big play button gives way; the control bar's own stays.
    expect(screen.getAllByRole('button', { name: 'Смотреть' })).toHaveLength(1);
    expect(prompt).toHaveTextContent('Вы остановились на 1:02:05');
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить просмотр' }));
    expect(dispatched.map((a) => a.type)).toEqual(['resume/continueRequested']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the question keeps the keyboard inside: Tab goes round its two buttons', () => {
    jest.spyOn(document, 'hasFocus').mockReturnValue(true); // the viewer is in the player
    renderPlayer(
      ...seriesBooted,
      resumeActions.decided({ savedTime: 3725, promptVisible: true, autoplay: false }),
    );
    const prompt = screen.getByRole('dialog', { name: 'Вы остановились на 1:02:05' });
    expect(prompt).toHaveAttribute('aria-modal', 'true');
    const go = screen.getByRole('button', { name: 'Продолжить просмотр' });
    const over = screen.getByRole('button', { name: 'Начать сначала' });
    expect(go).toHaveFocus(); // the frame has the focus here, so the question takes it
    over.focus();
    fireEvent.keyDown(over, { key: 'Tab' });
    expect(go).toHaveFocus();
    fireEvent.keyDown(go, { key: 'Tab', shiftKey: true });
    expect(over).toHaveFocus();
    jest.restoreAllMocks();
  });

  it('the question leaves the focus on the host page when the player does not have it', () => {
    jest.spyOn(document, 'hasFocus').mockReturnValue(false);
    renderPlayer(
      ...seriesBooted,
      resumeActions.decided({ savedTime: 3725, promptVisible: true, autoplay: false }),
    );
    expect(screen.getByRole('button', { name: 'Продолжить просмотр' })).not.toHaveFocus();
    jest.restoreAllMocks();
  });

  it('offers to start over', () => {
    const { dispatched } = renderPlayer(
      ...seriesBooted,
      resumeActions.decided({ savedTime: 8, promptVisible: true, autoplay: false }),
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Вы остановились на 0:00:08');
    fireEvent.click(screen.getByRole('button', { name: 'Начать сначала' }));
    expect(dispatched.map((a) => a.type)).toEqual(['resume/startOverRequested']);
  });

  it('offers pause while playing and shows the time', () => {
    const { dispatched } = renderPlayer(
      ...seriesBooted,
      mediaActions.playing(),
      mediaActions.positionChanged({
        currentTime: 65.7,
        duration: 3725,
        bufferedEnd: 70,
        playedSeconds: 60,
      }),
    );
    expect(screen.getByTestId('time')).toHaveTextContent('1:05 / 1:02:05');
    fireEvent.click(screen.getByRole('button', { name: 'Пауза' }));
    expect(dispatched.map((a) => a.type)).toEqual(['playback/pauseRequested']);
  });

  it('moves the progress bar and the time each second without a commit or a style rule each second', () => {
    const { store, commits } = renderPlayer(...seriesBooted, mediaActions.playing());
    const rules = () =>
      Array.from(document.querySelectorAll('style')).reduce(
        (n, style) => n + (style.sheet?.cssRules.length ?? 0),
        0,
      );
    const at = positionReports(store);
    at(1);
    const before = rules();
    const committed = commits();
    for (let second = 2; second <= 30; second++) at(second);
    expect(rules()).toBe(before);
    expect(commits()).toBe(committed);
    expect(screen.getByTestId('played').style.width).toBe('30%');
    expect(screen.getByTestId('time')).toHaveTextContent('0:30 / 1:40');
  });

  it('leaves the hidden control bar alone while playing, and shows the time at once when it comes back', () => {
    const { store } = renderPlayer(...seriesBooted, mediaActions.playing());
    const at = positionReports(store);
    at(10);
    const time = screen.getByTestId('time');
    const progress = screen.getByTestId('progress');
    expect(time).toHaveTextContent('0:10 / 1:40');
    act(() => {
      store.dispatch(uiActions.controlsHidden());
    });
    const writes: MutationRecord[] = [];
    const watcher = new MutationObserver((records) => writes.push(...records));
    watcher.observe(screen.getByTestId('control-bar'), {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    for (let second = 11; second <= 40; second++) at(second);
    expect(watcher.takeRecords()).toEqual([]);
    act(() => {
      store.dispatch(uiActions.controlsShown());
    });
    expect(time).toHaveTextContent('0:40 / 1:40');
    expect(screen.getByTestId('played').style.width).toBe('40%');
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(progress).toHaveAttribute('aria-valuetext', expect.stringContaining('0:40'));
    watcher.disconnect();
  });
});
