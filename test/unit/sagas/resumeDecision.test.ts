import { resumeDecision, savedTimeOf } from '../../../sagas/boot/resumeDecision';
import { series } from '../../../tools/sim/fixtures';

const [pilot, meeting, chase] = series.episodes as [
  (typeof series.episodes)[0],
  (typeof series.episodes)[0],
  (typeof series.episodes)[0],
];

describe('saved time', () => {
  it.each([
    ['local memory first', chase, '{"203": 12.7}', 12],
    ['nothing at or past the episode’s end (24 s)', chase, '{"203": 24}', null],
    ['nothing in the episode’s last 10 s', { ...chase, duration: 600 }, '{"203": 591}', null],
    ['a short clip’s end is its last 5 % (24 s: from 22.8 s)', chase, '{"203": 23}', null],
    ['a short clip keeps a position before its end', chase, '{"203": 14}', 14],
    [
      'nothing at the media’s end in the last seconds of a longer catalog duration',
      { ...chase, duration: 1510 },
      '{"203": 1503}',
      null,
    ],
    [
      'no server progress in the episode’s last 10 s',
      { ...meeting, duration: 600, watchProgress: 595 },
      null,
      null,
    ],
    ['the server’s progress over a stored position of 1e308', meeting, '{"202": 1e308}', 8],
    ['the server progress when nothing is stored', meeting, null, 8],
    ['no progress for a finished episode', pilot, null, null],
    ['local memory even for a finished episode', pilot, '{"201": 12}', 12],
    ['nothing under a second', chase, '{"203": 0.4}', null],
    ['nothing for unreadable memory', meeting, '{oops', 8],
    ['nothing for a non-number', chase, '{"203": "95"}', null],
  ])('%s', (_name, episode, stored, expected) => {
    expect(savedTimeOf(episode, stored)).toBe(expected);
  });
});

describe('continue prompt and autoplay (SPEC.md section 4)', () => {
  it.each([
    [
      'saved time, no time code: prompt, no autoplay',
      95,
      null,
      true,
      { savedTime: 95, promptVisible: true, autoplay: false },
    ],
    [
      'saved time and a time code: no prompt, autoplay',
      95,
      30,
      true,
      { savedTime: null, promptVisible: false, autoplay: true },
    ],
    [
      'no saved time: autoplay by the flag',
      null,
      null,
      true,
      { savedTime: null, promptVisible: false, autoplay: true },
    ],
    [
      'no saved time, no flag: no autoplay',
      null,
      null,
      false,
      { savedTime: null, promptVisible: false, autoplay: false },
    ],
    [
      'saved time, no flag: prompt',
      95,
      null,
      false,
      { savedTime: 95, promptVisible: true, autoplay: false },
    ],
  ])('%s', (_name, saved, timeCode, flag, expected) => {
    expect(resumeDecision(saved, timeCode, flag)).toEqual(expected);
  });
});
