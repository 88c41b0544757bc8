import { fakeHttp, fakeMedia, fakePorts, ok, virtualClock } from '../fakePorts';
import { series } from '../fixtures';
import { BASE, settle, startPlayer } from '../player';

const api = (path: string) => `${BASE}/catalog-api${path}`;

function player(search: string) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const ports = fakePorts({
    http: fakeHttp({
      [api('/contents/2')]: ok(series.content),
      [api('/contents/2/seasons')]: ok(series.seasons),
      [api('/episodes?content-id=2')]: ok(series.episodes),
    }),
    media: media.port,
    clock: clock.port,
  });
  const { store } = startPlayer(search, ports);
  return { store, media, ports };
}

describe('the analytics actor', () => {
  it('reports each stream error as videoplayer_error with its type, the network type and the buffer', async () => {
    const { media, ports } = player('?movie_id=2&episode_id=203&user_id=u-7');
    await settle();
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
    await settle();
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
    await settle();
    expect(ports.sentStats).toEqual([]);
  });
});
