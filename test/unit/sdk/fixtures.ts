// What the SDK's unit tests share: the player's address and an episode as the protocol carries it.
import type { HostEpisode } from '../../../src/sdk/index';

export const PLAYER = 'https://player.example';

export const EPISODE: HostEpisode = {
  id: 204,
  order: 2,
  title: 'Второй',
  description: '',
  posterPath: null,
  duration: 1200,
  watchProgress: null,
  watchedAt: null,
  isCompleted: false,
  m3u8MasterFilePath: '/media/204/master.json',
  season: { id: 20, order: 1 },
};
