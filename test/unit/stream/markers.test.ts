import { chapterAt, NO_MARKERS, parseMarkers } from '../../../src/stream/markers';

const good = {
  intro: { start: 1, end: 6 },
  credits: { start: 18 },
  chapters: [
    { start: 12, title: 'Погоня' },
    { start: 0, title: 'Пролог' },
    { start: 6, title: ' Встреча ' },
  ],
};

describe('the markers of a master JSON', () => {
  it('reads the intro, the credits and the chapters (in order, titles trimmed)', () => {
    expect(parseMarkers(good)).toEqual({
      intro: { start: 1, end: 6 },
      credits: { start: 18 },
      chapters: [
        { start: 0, title: 'Пролог' },
        { start: 6, title: 'Встреча' },
        { start: 12, title: 'Погоня' },
      ],
    });
  });

  it.each([undefined, null, 'intro', 42, []])('reads %j as no markers', (raw) => {
    expect(parseMarkers(raw)).toEqual(NO_MARKERS);
  });

  it.each([
    ['an end before its start', { start: 6, end: 1 }],
    ['an end at its start', { start: 3, end: 3 }],
    ['no end', { start: 1 }],
    ['a time as text', { start: '1', end: 6 }],
    ['a negative time', { start: -1, end: 6 }],
    ['an endless time', { start: 1, end: Infinity }],
  ])('drops an intro with %s and keeps the rest', (_name, intro) => {
    const markers = parseMarkers({ ...good, intro });
    expect(markers.intro).toBeNull();
    expect(markers.credits).toEqual({ start: 18 });
    expect(markers.chapters).toHaveLength(3);
  });

  it('drops credits without a start and keeps the rest', () => {
    const markers = parseMarkers({ ...good, credits: { begin: 18 } });
    expect(markers.credits).toBeNull();
    expect(markers.intro).toEqual({ start: 1, end: 6 });
  });

  it('drops each malformed chapter, and a second one at the same start, keeping the others', () => {
    const markers = parseMarkers({
      ...good,
      chapters: [
        { start: 0, title: 'Пролог' },
        { start: 3, title: '   ' },
        { start: 4 },
        { title: 'Без начала' },
        null,
        { start: 6, title: 'Встреча' },
        { start: 6, title: 'Ещё одна встреча' },
      ],
    });
    expect(markers.chapters).toEqual([
      { start: 0, title: 'Пролог' },
      { start: 6, title: 'Встреча' },
    ]);
    expect(markers.intro).not.toBeNull();
  });

  it('has no chapters when they are not a list, and keeps the intro and credits', () => {
    const markers = parseMarkers({ ...good, chapters: { start: 0, title: 'Пролог' } });
    expect(markers.chapters).toEqual([]);
    expect(markers.intro).not.toBeNull();
    expect(markers.credits).not.toBeNull();
  });

  it('cuts a very long title', () => {
    const markers = parseMarkers({ chapters: [{ start: 0, title: 'я'.repeat(500) }] });
    expect(markers.chapters[0]!.title).toHaveLength(80);
  });

  it('never cuts a title inside a character made of two UTF-16 units', () => {
    const markers = parseMarkers({ chapters: [{ start: 0, title: 'я' + '🎬'.repeat(100) }] });
    const title = markers.chapters[0]!.title;
    expect(Array.from(title)).toHaveLength(80);
    expect(title.endsWith('🎬')).toBe(true);
    expect(encodeURIComponent(title)).toBeTruthy(); // throws on a lone surrogate
  });

  it('finds the chapter playing at a time: none before the first', () => {
    const { chapters } = parseMarkers({
      chapters: [
        { start: 2, title: 'А' },
        { start: 6, title: 'Б' },
      ],
    });
    expect(chapterAt(chapters, 1)).toBeNull();
    expect(chapterAt(chapters, 2)?.title).toBe('А');
    expect(chapterAt(chapters, 5.9)?.title).toBe('А');
    expect(chapterAt(chapters, 20)?.title).toBe('Б');
  });
});
