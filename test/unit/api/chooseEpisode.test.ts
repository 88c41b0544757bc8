import { chooseEpisode } from '../../../src/api/chooseEpisode';
import type { Episode } from '../../../src/api/types';
import { series } from '../../../tools/sim/fixtures';

const none = { episodeId: null, season: null, episode: null };
const ids = (e: Episode | null) => e?.id ?? null;
const completedAll = series.episodes.map((e) => ({ ...e, isCompleted: true }));

describe('episode choice on load (SPEC.md section 4)', () => {
  it.each([
    ['by episode_id', { ...none, episodeId: 204 }, series.episodes, 204],
    [
      'by episode_id before season and order',
      { episodeId: 205, season: 1, episode: 2 },
      series.episodes,
      205,
    ],
    ['by season and episode order', { ...none, season: 2, episode: 2 }, series.episodes, 205],
    ['season with the default episode 1', { ...none, season: 2, episode: 1 }, series.episodes, 204],
    [
      'unknown episode_id falls to season and order',
      { episodeId: 999, season: 1, episode: 3 },
      series.episodes,
      203,
    ],
    [
      'unknown season falls to the first not completed',
      { ...none, season: 9, episode: 1 },
      series.episodes,
      202,
    ],
    ['first not completed (201 is completed)', none, series.episodes, 202],
    ['the first when all are completed', none, completedAll, 201],
    ['in season order, whatever the list order', none, [...completedAll].reverse(), 201],
    ['none when there are no episodes', none, [], null],
  ])('%s', (_name, wish, episodes, expected) => {
    expect(ids(chooseEpisode(episodes, wish))).toBe(expected);
  });
});
