import {
  MAX_THUMBNAIL_CUES,
  parseThumbnailsVtt,
  thumbnailAt,
} from '../../../src/stream/thumbnails';

const VTT_URL = 'https://cdn.example/media/thumbs/film.vtt';

describe('the thumbnails WebVTT file', () => {
  it('reads sprite tiles, their times and their images relative to the file', () => {
    const cues = parseThumbnailsVtt(
      [
        'WEBVTT',
        '',
        '00:00.000 --> 00:02.000',
        'sprite.jpg#xywh=0,0,160,90',
        '',
        'tile-2',
        '00:00:02.000 --> 00:00:04.500 align:start',
        '/other/sprite.jpg#xywh=pixel:160,0,160,90',
        '',
        '01:00:00.000 --> 01:00:10.000',
        'https://img.example/whole.jpg',
        '',
      ].join('\r\n'),
      VTT_URL,
    );
    expect(cues).toEqual([
      {
        start: 0,
        end: 2,
        image: 'https://cdn.example/media/thumbs/sprite.jpg',
        tile: { x: 0, y: 0, w: 160, h: 90 },
      },
      {
        start: 2,
        end: 4.5,
        image: 'https://cdn.example/other/sprite.jpg',
        tile: { x: 160, y: 0, w: 160, h: 90 },
      },
      { start: 3600, end: 3610, image: 'https://img.example/whole.jpg', tile: null },
    ]);
  });

  it('skips malformed cues and keeps the good ones, in time order', () => {
    const cues = parseThumbnailsVtt(
      [
        '\uFEFFWEBVTT - thumbnails',
        '',
        'NOTE made by hand',
        '',
        '00:04.000 --> 00:06.000',
        'sprite.jpg#xywh=320,0,160,90',
        '',
        '00:02.000 --> 00:01.000', // ends before it starts
        'sprite.jpg#xywh=0,0,160,90',
        '',
        '00:02.000 -> 00:04.000', // no arrow
        'sprite.jpg#xywh=0,0,160,90',
        '',
        '0:2.5 --> 00:04.000', // not a WebVTT timestamp
        'sprite.jpg#xywh=0,0,160,90',
        '',
        '00:06.000 --> 00:08.000', // no image
        '',
        '00:08.000 --> 00:10.000',
        'sprite.jpg#xywh=0,0,160', // three numbers
        '',
        '00:10.000 --> 00:12.000',
        'sprite.jpg#xywh=percent:0,0,50,50',
        '',
        '00:12.000 --> 00:14.000',
        'sprite.jpg#xywh=0,0,0,90', // no width
        '',
        '00:14.000 --> 00:16.000',
        'javascript:alert(1)',
        '',
        '00:00.000 --> 00:02.000',
        'sprite.jpg#xywh=0,0,160,90',
      ].join('\n'),
      VTT_URL,
    );
    expect(cues.map((c) => [c.start, c.tile?.x])).toEqual([
      [0, 0],
      [4, 320],
    ]);
  });

  it('has no cues in a file that is not WebVTT', () => {
    expect(parseThumbnailsVtt('<html>Not found</html>', VTT_URL)).toEqual([]);
    expect(parseThumbnailsVtt('', VTT_URL)).toEqual([]);
    expect(parseThumbnailsVtt('WEBVTTX\n\n00:00.000 --> 00:02.000\na.jpg', VTT_URL)).toEqual([]);
  });

  it('keeps at most MAX_THUMBNAIL_CUES cues of a file without end', () => {
    const at = (s: number) => new Date(s * 1000).toISOString().slice(11, 23); // hh:mm:ss.ttt
    const cue = (i: number) => `${at(i)} --> ${at(i + 1)}\nsprite.jpg#xywh=0,0,160,90`;
    const text = ['WEBVTT', ...Array.from({ length: MAX_THUMBNAIL_CUES + 5 }, (_, i) => cue(i))];
    expect(parseThumbnailsVtt(text.join('\n\n'), VTT_URL)).toHaveLength(MAX_THUMBNAIL_CUES);
  });
});

describe('the thumbnail at a time', () => {
  const cues = parseThumbnailsVtt(
    'WEBVTT\n\n00:00.000 --> 00:02.000\na.jpg\n\n00:02.000 --> 00:04.000\nb.jpg\n\n00:10.000 --> 00:12.000\nc.jpg',
    VTT_URL,
  );
  const imageAt = (time: number) => thumbnailAt(cues, time)?.image.split('/').pop() ?? null;

  it('is the cue that covers the time, its end excluded', () => {
    expect(imageAt(0)).toBe('a.jpg');
    expect(imageAt(1.99)).toBe('a.jpg');
    expect(imageAt(2)).toBe('b.jpg');
    expect(imageAt(11.5)).toBe('c.jpg');
  });

  it('is none in a gap, past the last cue, or without cues', () => {
    expect(imageAt(5)).toBeNull();
    expect(imageAt(12)).toBeNull();
    expect(imageAt(-1)).toBeNull();
    expect(thumbnailAt([], 3)).toBeNull();
  });
});
