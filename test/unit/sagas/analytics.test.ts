import { systemActions } from '../../../src/state/system';
import { fakeHttp, fakeMedia, fakePorts, virtualClock } from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

function player(search: string) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const ports = fakePorts({
    http: fakeHttp(catalogRoutes(2, series)),
    media: media.port,
    clock: clock.port,
  });
  const { store } = startPlayer(search, ports);
  const sent = (event: string) => ports.sentStats.filter((s) => s.event === `videoplayer_${event}`);
  const names = () => ports.sentStats.map((s) => s.event.replace('videoplayer_', ''));
  return { store, media, ports, clock, sent, names };
}

/** The episode playing from its start (the fake element moves with the virtual clock). */
async function playing(search = '?movie_id=2&episode_id=203&user_id=u-7', duration = 24) {
  const p = player(search);
  await untilIdle();
  p.media.state.duration = duration;
  p.media.emit({ type: 'playing' });
  await untilIdle();
  return p;
}

describe('the analytics actor: SPEC.md section 7 events', () => {
  it('restarted after a crash, goes on from where the film is: nothing twice, nothing missed', async () => {
    const { store, clock, sent, media } = await playing('?movie_id=2&episode_id=205', 100);
    await clock.advance(30_000); // past the 10 and 25 % milestones
    store.dispatch(systemActions.crashDrillRequested({ actor: 'analytics' }));
    await clock.advance(35_000); // past 50 % and a minute of playing
    media.emit({ type: 'pause', currentTime: media.state.currentTime });
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(store.getState().system.crashes).toHaveLength(1);
    expect(sent('progress').map((s) => s.payload.progress)).toEqual([10, 25, 50]);
    expect(sent('timeupdate')).toHaveLength(1);
    expect(sent('pause')).toHaveLength(1);
    expect(sent('play').map((s) => s.payload.first_playback)).toEqual([1, 0]);
  });

  it('play says whether it is the first playback, with the common payload and the device', async () => {
    const { media, sent, clock } = await playing();
    await clock.advance(3000);
    media.emit({ type: 'pause', currentTime: media.state.currentTime });
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(sent('play').map((s) => s.payload.first_playback)).toEqual([1, 0]);
    // content seconds between the first and the last position report
    expect(sent('play')[1]?.payload.video_time_played_sec).toBeGreaterThanOrEqual(2);
    expect(sent('pause')).toHaveLength(1);
    expect(sent('play')[1]?.payload).toMatchObject({
      device_type: 'desktop',
      real_time_played_sec: 3,
      IMDb_id: null,
      user_id: 'u-7',
      video_id: 2,
      player_type: 'embedded',
    });
  });

  it('sends each progress milestone once per episode, even after seeking back', async () => {
    // the series' last episode: its end selects no next one
    const { media, clock, sent, store } = await playing('?movie_id=2&episode_id=205');
    await clock.advance(25_000); // to the end of the 24 s episode
    media.emit({ type: 'ended' });
    await untilIdle();
    const progress = () => sent('progress').map((s) => s.payload.progress);
    expect(progress()).toEqual([10, 25, 50, 75, 95, 100]);
    expect(sent('ended')).toHaveLength(1);
    store.dispatch({ type: 'playback/seekRequested', payload: { time: 0 } });
    media.emit({ type: 'playing' });
    await clock.advance(10_000);
    expect(progress()).toEqual([10, 25, 50, 75, 95, 100]);
  });

  it('sends timeupdate every 60 s of playing', async () => {
    const { clock, sent } = await playing('?movie_id=2&episode_id=203', 600);
    await clock.advance(59_000);
    expect(sent('timeupdate')).toHaveLength(0);
    await clock.advance(2000);
    expect(sent('timeupdate')).toHaveLength(1);
    await clock.advance(60_000);
    expect(sent('timeupdate')).toHaveLength(2);
  });

  it('changeQuality carries the previous quality; mute, unmute, seek and fullscreen are told', async () => {
    const { media, sent, names } = await playing();
    media.emit({
      type: 'levels',
      levels: [
        { height: 240, bitrate: 1 },
        { height: 480, bitrate: 2 },
      ],
      auto: true,
    });
    media.emit({ type: 'levelSwitched', level: 0, auto: true });
    media.emit({ type: 'levelSwitched', level: 1, auto: true });
    media.emit({ type: 'volumechange', volume: 1, muted: true });
    media.emit({ type: 'volumechange', volume: 0.5, muted: true }); // still muted: no event
    media.emit({ type: 'volumechange', volume: 0.5, muted: false });
    media.emit({ type: 'seeked', currentTime: 12 });
    await untilIdle();
    expect(
      sent('changeQuality').map((s) => [s.payload.prev_video_quality, s.payload.video_quality]),
    ).toEqual([[240, 480]]);
    expect(names().filter((n) => ['mute', 'unmute', 'seek'].includes(n))).toEqual([
      'mute',
      'unmute',
      'seek',
    ]);
  });

  it('reports a window of dropped frames as fpsDrop, and a rebuffering as bufferingError', async () => {
    const { media, clock, sent } = await playing('?movie_id=2&episode_id=203', 600);
    media.state.totalFrames = 250;
    await clock.advance(10_500); // the first window's start
    media.state.totalFrames = 500;
    media.state.droppedFrames = 80;
    await clock.advance(10_000);
    expect(sent('fpsDrop').map((s) => s.payload)).toEqual([
      expect.objectContaining({ dropped_frames: 80, total_frames: 250 }),
    ]);
    media.emit({ type: 'waiting' });
    await untilIdle();
    expect(sent('bufferingError')).toHaveLength(1);
  });

  it('names clicks on icons, menus and picture-in-picture, and fullscreen changes', async () => {
    const { store, sent } = await playing();
    store.dispatch({ type: 'ui/iconClicked', payload: { icon: 'settings' } });
    store.dispatch({ type: 'ui/settingsToggled' });
    store.dispatch({ type: 'ui/menuOpened', payload: { menu: 'quality' } });
    store.dispatch({ type: 'ui/iconClicked', payload: { icon: 'picture_in_picture_enter' } });
    store.dispatch({ type: 'ui/pictureInPictureToggled' });
    store.dispatch({ type: 'ui/fullscreenToggled' }); // the 'f' key: not a click
    store.dispatch({
      type: 'viewport/fullscreenChanged',
      payload: { active: true, native: false },
    });
    store.dispatch({
      type: 'viewport/fullscreenChanged',
      payload: { active: false, native: false },
    });
    await untilIdle();
    expect(sent('click').map((s) => s.payload.click_target)).toEqual([
      'settings',
      'menu_quality',
      'picture_in_picture_enter',
    ]);
    expect(sent('fullscreen')).toHaveLength(1);
    expect(sent('fullscreen_exit')).toHaveLength(1);
  });

  it('tells the fullscreen-stretched mode as fullscreen and fullscreen_exit', async () => {
    const { store, sent } = await playing();
    store.dispatch({ type: 'viewport/stretchedChanged', payload: { active: true } });
    store.dispatch({ type: 'viewport/stretchedChanged', payload: { active: false } });
    await untilIdle();
    expect(sent('fullscreen')).toHaveLength(1);
    expect(sent('fullscreen_exit')).toHaveLength(1);
  });
});

describe('the analytics actor', () => {
  it('reports each stream error as videoplayer_error with its type, the network type and the buffer', async () => {
    const { media, ports } = player('?movie_id=2&episode_id=203&user_id=u-7');
    await untilIdle();
    media.emit({
      type: 'error',
      fatal: false,
      kind: 'network',
      details: 'fragLoadError',
      bandwidth: 900_000, // bits per second: 900 kbit/s
      bufferLength: 4.25,
    });
    media.emit({
      type: 'error',
      fatal: true,
      kind: 'media',
      details: 'bufferAppendError',
      bandwidth: 5_000_000,
      bufferLength: 0,
    });
    await untilIdle();
    expect(ports.sentStats.map((s) => s.event)).toEqual(['videoplayer_error', 'videoplayer_error']);
    const episode = series.episodes.find((e) => e.id === 203)!;
    expect(ports.sentStats[0]?.payload).toMatchObject({
      error_type: 'network',
      network_type: '3g',
      buffer_length: 4.25,
      error_details: 'fragLoadError',
      video_id: 2,
      video_title: series.content.title,
      player_type: 'embedded',
      season: episode.season.order,
      episode: episode.order,
      user_id: 'u-7',
    });
    expect(ports.sentStats[1]?.payload).toMatchObject({
      error_type: 'other',
      network_type: 'wifi',
      buffer_length: 0,
    });
  });

  it('sends nothing while nothing goes wrong', async () => {
    const { ports } = player('?movie_id=2&episode_id=203');
    await untilIdle();
    expect(ports.sentStats).toEqual([]);
  });
});
