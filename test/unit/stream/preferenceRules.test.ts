import { autoMaxHeight, levelCapOf } from '../../../src/stream/levels';
import { chooseSubtitleTrack } from '../../../src/stream/subtitleChoice';

const levels = (...heights: number[]) => heights.map((height, i) => ({ height, bitrate: i }));

describe('the Save-Data cap of automatic quality', () => {
  it('is 360p with Save-Data until the viewer picks a quality', () => {
    expect(autoMaxHeight(true, false)).toBe(360);
    expect(autoMaxHeight(true, true)).toBeNull();
    expect(autoMaxHeight(false, false)).toBeNull();
  });

  it.each([
    [[240, 360, 480], 360, 1],
    [[240, 480, 720], 360, 0],
    [[480, 720], 360, 0], // every level taller: the lowest
    // hls.js caps by index: a taller level below a fitting one would be let in
    [[240, 480, 360], 360, 0],
    [[240, 360, 720, 360], 360, 1],
    [[240, 360, 480], null, -1],
    [[], 360, -1],
  ])('caps %j at %p with level %p', (heights, max, cap) => {
    expect(levelCapOf(levels(...heights), max)).toBe(cap);
  });
});

describe('the remembered subtitles', () => {
  const tracks = [
    { id: 0, name: 'Русские', lang: 'ru' },
    { id: 1, name: 'English', lang: 'en' },
    { id: 2, name: 'English SDH', lang: 'en' },
    { id: 3, name: 'Signs', lang: '' },
  ];
  it.each([
    [{ lang: 'en', name: 'English SDH' }, 2], // the same name within the language
    [{ lang: 'EN-gb', name: 'British' }, 1], // the first of the language
    [{ lang: '', name: 'Signs' }, 3], // no language: by name
    [{ lang: 'de', name: 'English' }, null], // not by name when it had a language
    ['off', -1],
    [null, null],
  ] as const)('%j turns on %p', (choice, id) => {
    expect(chooseSubtitleTrack(tracks, choice)).toBe(id);
  });
});
