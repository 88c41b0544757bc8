import { act, fireEvent, screen } from '@testing-library/react';
import { contentActions } from '../../../src/state/content';
import { nextUpRequests } from '../../../src/state/nextUp';
import { mediaActions, playbackRequests } from '../../../src/state/playback';
import { streamActions } from '../../../src/state/stream';
import { uiRequests } from '../../../src/state/ui';
import { parseMarkers } from '../../../src/stream/markers';
import { renderPlayer, seriesBooted } from './renderPlayer';

const markers = parseMarkers({
  intro: { start: 1, end: 6 },
  credits: { start: 18 },
  chapters: [
    { start: 0, title: 'Пролог' },
    { start: 6, title: 'Встреча' },
  ],
});
const at = (currentTime: number) =>
  mediaActions.positionChanged({ currentTime, duration: 24, bufferedEnd: 24, playedSeconds: 0 });
const playing = [
  ...seriesBooted,
  contentActions.episodeSelected({ episodeId: 203 }),
  streamActions.loadStarted({ url: 'x', sources: [], sourceIndex: 0, markers }),
  mediaActions.playing(),
];
const skip = () => screen.queryByRole('button', { name: 'Пропустить заставку' });

describe('the markers in the interface', () => {
  it('“Пропустить заставку” shows during the intro only, and asks for a seek to its end', () => {
    const { store, dispatched } = renderPlayer(...playing, at(0.5));
    expect(skip()).toBeNull();
    act(() => void store.dispatch(at(2)));
    fireEvent.click(skip()!);
    expect(dispatched.at(-1)).toEqual(playbackRequests.seekRequested({ time: 6 }));
    act(() => void store.dispatch(mediaActions.seeked({ currentTime: 6 })));
    expect(skip()).toBeNull();
  });

  it('waits while a menu is open over its corner, and comes back when it closes', () => {
    const { store } = renderPlayer(...playing, at(2));
    expect(skip()).not.toBeNull();
    act(() => void store.dispatch(uiRequests.settingsToggled()));
    expect(skip()).toBeNull();
    act(() => void store.dispatch(uiRequests.menuClosed()));
    expect(skip()).not.toBeNull();
  });

  it('gives the corner to the next-episode card while the next button is hovered', () => {
    const { store } = renderPlayer(...playing, at(2));
    expect(skip()).not.toBeNull();
    act(() => void store.dispatch(uiRequests.nextPreviewed({ on: true })));
    expect(screen.getByTestId('next-episode-card')).toBeVisible();
    expect(skip()).toBeNull();
    act(() => void store.dispatch(uiRequests.nextPreviewed({ on: false })));
    expect(skip()).not.toBeNull();
  });

  it('the card counts the credits down, and “Отмена” hides it', () => {
    const { store, dispatched } = renderPlayer(...playing, at(17));
    expect(screen.queryByTestId('next-episode-card')).toBeNull();
    act(() => void store.dispatch(at(19)));
    expect(screen.getByTestId('next-episode-heading')).toHaveTextContent(
      'Следующий эпизод через 4',
    );
    const cancel = screen.getByRole('button', { name: 'Отмена перехода к следующему эпизоду' });
    expect(cancel).toHaveTextContent('Отмена');
    fireEvent.click(cancel);
    expect(dispatched.at(-1)).toEqual(nextUpRequests.countdownCancelled());
    expect(screen.queryByTestId('next-episode-card')).toBeNull();
  });

  it('announces the countdown once, in the one status region: its text does not change with the count', () => {
    const { store } = renderPlayer(...playing, at(19));
    const live = () => screen.getAllByRole('status').map((el) => el.textContent);
    const first = live();
    expect(first).toEqual(['Скоро следующий эпизод: Эпизод 1']);
    act(() => void store.dispatch(at(20)));
    expect(screen.getByTestId('next-episode-heading')).toHaveTextContent('через 3');
    expect(live()).toEqual(first);
  });

  it.each([
    ['Пропустить заставку', at(2), 'Пропустить заставку', mediaActions.seeked({ currentTime: 6 })],
    ['Отмена', at(19), 'Отмена перехода к следующему эпизоду', null],
  ])('keeps the keys with the player when “%s” goes away', (_label, position, name, after) => {
    const { store } = renderPlayer(...playing, position);
    const button = screen.getByRole('button', { name });
    button.focus();
    fireEvent.click(button);
    if (after) act(() => void store.dispatch(after));
    expect(screen.queryByRole('button', { name })).toBeNull();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });

  it('names the chapter playing in the progress slider’s value', () => {
    const { store } = renderPlayer(...playing, at(3));
    const slider = screen.getByTestId('progress');
    act(() => void store.dispatch(at(7)));
    expect(slider.getAttribute('aria-valuetext')).toMatch(/Встреча$/);
  });

  it('marks where each chapter after the first starts on the progress bar', () => {
    renderPlayer(...playing, at(3));
    const marks = screen.getAllByTestId('chapter-mark');
    expect(marks.map((m) => [m.dataset.title, m.style.left])).toEqual([['Встреча', '25%']]);
  });
});
