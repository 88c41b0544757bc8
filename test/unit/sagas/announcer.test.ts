// The status region's words (src/state/announcements.ts), and the announcer that says them.
import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type PlayerState } from '../../../src/state';
import { adsActions } from '../../../src/state/ads';
import { contentActions } from '../../../src/state/content';
import { announcementFor } from '../../../src/state/announcements';
import { mediaActions, playbackRequests } from '../../../src/state/playback';
import { streamActions, streamRequests } from '../../../src/state/stream';
import { streamHealthActions } from '../../../src/state/streamHealth';
import { subtitleStyleRequests } from '../../../src/state/subtitleStyle';
import { uiActions } from '../../../src/state/ui';
import { viewportActions } from '../../../src/state/viewport';
import { fakeHttp, fakePorts, ok, virtualClock } from '../../../tools/sim/fakePorts';
import { film, series } from '../../../tools/sim/fixtures';
import { BASE, startPlayer } from '../../../tools/sim/player';
import { untilAction, untilIdle } from '../../../tools/sim/waits';

const withTracks = [
  streamActions.levelsLoaded({
    levels: [
      { height: 360, bitrate: 8e5 },
      { height: 720, bitrate: 2.5e6 },
    ],
    auto: true,
  }),
  streamActions.subtitleTracksLoaded({
    tracks: [{ id: 0, name: 'Русские', lang: 'ru' }],
    current: -1,
  }),
  streamActions.audioTracksLoaded({
    tracks: [
      { id: 0, name: 'Русский', lang: 'ru' },
      { id: 1, name: 'English', lang: 'en' },
    ],
    current: 0,
  }),
];
const said = (action: { type: string }, ...before: { type: string }[]) => {
  const s = [...before, action].reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
  return announcementFor(action, s as PlayerState);
};

describe('the status region’s words', () => {
  it.each([
    [playbackRequests.playRequested(), 'Воспроизведение'],
    [playbackRequests.pauseRequested(), 'Пауза'],
    [mediaActions.seeked({ currentTime: 83.4 }), 'Позиция 1:23'],
    [mediaActions.volumeChanged({ volume: 0.35, muted: false }), 'Громкость 35%'],
    [mediaActions.volumeChanged({ volume: 0.35, muted: true }), 'Звук выключен'],
    [streamActions.rateChanged({ rate: 1.5 }), 'Скорость: 1.5x'],
    [streamActions.rateChanged({ rate: 1 }), 'Скорость: Обычная'],
    [streamRequests.qualityRequested({ level: 1 }), 'Качество: 720p'],
    [streamRequests.qualityRequested({ level: -1 }), 'Качество: Auto'],
    [streamActions.subtitleTrackSwitched({ id: 0 }), 'Субтитры: Русские'],
    [streamActions.subtitleTrackSwitched({ id: -1 }), 'Субтитры выключены'],
    [viewportActions.fullscreenChanged({ active: true, native: true }), 'Полноэкранный режим'],
    [viewportActions.fullscreenChanged({ active: false, native: true }), 'Обычный режим'],
    [viewportActions.pictureInPictureChanged({ active: true }), 'Картинка в картинке'],
    [subtitleStyleRequests.styleRequested({ size: 200 }), 'Размер: 200%'],
    [subtitleStyleRequests.styleRequested({ edge: 'raised' }), 'Контур символов: Приподнятый'],
    [subtitleStyleRequests.styleRequested({ windowOpacity: 0 }), 'Прозрачность окна: Нет'],
    [subtitleStyleRequests.styleReset(), 'Оформление субтитров по умолчанию'],
    [streamRequests.audioTrackRequested({ id: 1 }), 'Озвучка: English'],
    [
      streamHealthActions.networkLost({ details: 'fragLoadError' }),
      'Нет соединения с интернетом. Продолжим, когда сеть вернётся',
    ],
    [streamHealthActions.networkBack(), 'Соединение восстановлено'],
  ])('%j says %s', (action, words) => {
    expect(said(action, ...withTracks)).toBe(words);
  });

  it('an episode chosen is said by its season and number', () => {
    const episode = series.episodes.find((e) => e.season.order === 2) ?? series.episodes[0]!;
    const loaded = contentActions.loaded({
      content: series.content,
      seasons: series.seasons,
      episodes: series.episodes,
    });
    expect(said(contentActions.episodeRequested({ episodeId: episode.id }), loaded)).toBe(
      `${episode.season.order} сезон, ${episode.order} серия`,
    );
    expect(said(contentActions.episodeRequested({ episodeId: 99_999 }), loaded)).toBeNull();
  });

  it('the browser’s own autoplay mute is not said', () => {
    expect(
      said(mediaActions.volumeChanged({ volume: 1, muted: true, mutedForBrowser: true })),
    ).toBeNull();
  });

  it('the position reports say nothing', () => {
    expect(
      said(
        mediaActions.positionChanged({
          currentTime: 5,
          duration: 70,
          bufferedEnd: 20,
          playedSeconds: 5,
        }),
      ),
    ).toBeNull();
  });

  it('an advert: its place in the break, once skippable, and the film resuming after', () => {
    const inBreak = [
      adsActions.breakStarted({ kind: 'preroll', total: 2, contentTime: 0 }),
      adsActions.adCreated({ index: 0, vastUrl: 'https://ads.example/vast.xml' }),
      adsActions.adLoaded({
        id: null,
        title: 'Реклама',
        durationSec: 20,
        skipOffsetSec: 5,
        clickThrough: null,
        vpaid: false,
      }),
    ];
    expect(said(adsActions.adStarted(), ...inBreak)).toBe('Реклама 1 из 2');
    const at = (t: number) => adsActions.adProgressed({ currentTime: t, durationSec: 20 });
    expect(said(at(4.2), ...inBreak)).toBeNull();
    expect(said(at(5.1), ...inBreak)).toBe('Можно пропустить');
    expect(said(at(6.1), ...inBreak, at(5.1))).toBeNull(); // once
    expect(
      said(adsActions.breakEnded({ kind: 'preroll', episodeId: null, playedSeconds: 0 })),
    ).toBe('Фильм продолжается');
  });
});

describe('the announcer', () => {
  /** the film booted on a clock that moves only when the test moves it, its interface there or not */
  async function filmOnVirtualClock({ viewMounted = true } = {}) {
    const api = (path: string) => `${BASE}/catalog-api${path}`;
    const clock = virtualClock();
    const ports = fakePorts({
      clock: clock.port,
      http: fakeHttp({
        [api('/contents/1')]: ok(film.content),
        [api('/contents/1/seasons')]: ok(film.seasons),
        [api('/episodes?content-id=1')]: ok(film.episodes),
      }),
    });
    const { store, tap } = startPlayer('?movie_id=1', ports);
    if (viewMounted) store.dispatch(uiActions.viewMounted());
    await untilIdle();
    /** dispatches the action and waits for the words it makes the announcer say */
    const saying = (action: UnknownAction) =>
      untilAction(tap, uiActions.announced.type, () => store.dispatch(action));
    return { store, clock, saying };
  }

  it('says a change as it comes, from the state after it', async () => {
    const { store, clock, saying } = await filmOnVirtualClock();
    await saying(mediaActions.volumeChanged({ volume: 0.9, muted: false }));
    expect(store.getState().ui.announcement).toMatchObject({ text: 'Громкость 90%' });
    const { seq } = store.getState().ui.announcement!;
    // the same words again (half a second on) are told apart, so the region says them again
    await clock.advance(500);
    await saying(mediaActions.volumeChanged({ volume: 0.9, muted: false }));
    expect(store.getState().ui.announcement).toMatchObject({ text: 'Громкость 90%', seq: seq + 1 });
    // the position reports say nothing
    store.dispatch(
      mediaActions.positionChanged({
        currentTime: 3,
        duration: 70,
        bufferedEnd: 9,
        playedSeconds: 3,
      }),
    );
    await untilIdle();
    expect(store.getState().ui.announcement!.seq).toBe(seq + 1);
  });

  it('says at most one thing per half second: what comes sooner waits its turn, the last of each kind', async () => {
    const { store, clock, saying } = await filmOnVirtualClock();
    await clock.advance(1_000);
    const said = () => store.getState().ui.announcement;
    await saying(mediaActions.volumeChanged({ volume: 0.5, muted: false }));
    expect(said()).toMatchObject({ text: 'Громкость 50%', atMs: clock.now });
    const first = said()!;
    // three more within 200 ms: nothing yet, then the last of them at the gap's end
    await clock.advance(100);
    store.dispatch(mediaActions.volumeChanged({ volume: 0.6, muted: false }));
    await clock.advance(100);
    store.dispatch(mediaActions.volumeChanged({ volume: 0.7, muted: false }));
    store.dispatch(mediaActions.volumeChanged({ volume: 0, muted: true }));
    await untilIdle();
    expect(said()).toEqual(first);
    await clock.advance(299);
    expect(said()).toEqual(first);
    await clock.advance(1);
    expect(said()).toEqual({ text: 'Звук выключен', seq: first.seq + 1, atMs: first.atMs + 500 });
    // after a quiet half second, words are said as they come
    await clock.advance(500);
    await saying(mediaActions.volumeChanged({ volume: 0.8, muted: false }));
    expect(said()).toMatchObject({ text: 'Громкость 80%', seq: first.seq + 2, atMs: clock.now });
    // changes of other kinds within the gap each wait their turn, in the order they came
    const t0 = clock.now;
    store.dispatch(playbackRequests.pauseRequested());
    store.dispatch(mediaActions.seeked({ currentTime: 61 }));
    await untilIdle();
    expect(said()!.text).toBe('Громкость 80%');
    await clock.advance(500);
    expect(said()).toMatchObject({ text: 'Пауза', atMs: t0 + 500 });
    await clock.advance(500);
    expect(said()).toMatchObject({ text: 'Позиция 1:01', atMs: t0 + 1_000 });
  });

  it('says nothing before the interface is there to say it in, then what changes after', async () => {
    const { store, clock, saying } = await filmOnVirtualClock({ viewMounted: false });
    await clock.advance(1_000);
    store.dispatch(playbackRequests.pauseRequested()); // no status region to say it in yet
    await untilIdle();
    await clock.advance(1_000);
    expect(store.getState().ui.announcement).toBeNull();
    store.dispatch(uiActions.viewMounted());
    await untilIdle();
    expect(store.getState().ui.announcement).toBeNull();
    await saying(mediaActions.volumeChanged({ volume: 0.4, muted: false }));
    expect(store.getState().ui.announcement).toMatchObject({ text: 'Громкость 40%' });
  });
});
