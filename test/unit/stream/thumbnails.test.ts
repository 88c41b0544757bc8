import { configureStore } from '@reduxjs/toolkit';
import { rootReducer } from '../../../src/state';
import { streamActions } from '../../../src/state/stream';
import { NO_THUMBNAILS, thumbnailAt } from '../../../src/stream/thumbnails';
import {
  MAX_READ_THUMBNAIL_CUES,
  MAX_THUMBNAIL_CUES,
  parseThumbnailsVtt,
  readThumbnails,
} from '../../../src/stream/thumbnailsReader';

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

  it('reads at most MAX_READ_THUMBNAIL_CUES cues of a file without end', () => {
    const cue = (i: number) => `${at(i)} --> ${at(i + 1)}\nsprite.jpg#xywh=0,0,160,90`;
    const count = MAX_READ_THUMBNAIL_CUES + 5;
    const text = ['WEBVTT', ...Array.from({ length: count }, (_, i) => cue(i))];
    expect(parseThumbnailsVtt(text.join('\n\n'), VTT_URL)).toHaveLength(MAX_READ_THUMBNAIL_CUES);
  });
});

const at = (s: number) => new Date(s * 1000).toISOString().slice(11, 23); // hh:mm:ss.ttt

describe('the thumbnails as the state keeps them', () => {
  /** A film of `count` seconds, a 160x90 tile a second, 100 tiles to a sprite at a long address. */
  function longFilm(count: number) {
    const sprite = (n: number) =>
      `https://thumbnails.cdn.example.com/films/2026/11/a-rather-long-film-title-for-the-test/preview-sprites/1080p/sprite-${String(n).padStart(5, '0')}.jpg`;
    const cue = (i: number) => {
      const tile = i % 100;
      const xywh = `${(tile % 10) * 160},${Math.floor(tile / 10) * 90},160,90`;
      return `${at(i)} --> ${at(i + 1)}\n${sprite(Math.floor(i / 100))}#xywh=${xywh}`;
    };
    return ['WEBVTT', ...Array.from({ length: count }, (_, i) => cue(i))].join('\n\n');
  }

  it('keeps a 10,000-cue file small in the state (each flight-log checkpoint copies it), and its pictures span the whole film', () => {
    const store = configureStore({ reducer: rootReducer });
    store.dispatch(
      streamActions.loadStarted({
        url: 'https://cdn.example/a.m3u8',
        sources: [],
        sourceIndex: 0,
        thumbnails: VTT_URL,
      }),
    );
    const thumbnails = readThumbnails(longFilm(10_000), VTT_URL);
    store.dispatch(streamActions.thumbnailsLoaded({ src: VTT_URL, ...thumbnails }));
    const kept = store.getState().stream.thumbnails;
    expect(kept.cues.length).toBeLessThanOrEqual(MAX_THUMBNAIL_CUES);
    expect(JSON.stringify(store.getState().stream).length).toBeLessThan(60_000);
    expect(kept.images).toHaveLength(100); // each address once
    // near the end: the tile of the kept cue, lasting until the next one (no gaps between them)
    expect(thumbnailAt(kept, 9_995)).toEqual({
      start: 9_990,
      end: 10_000,
      image: expect.stringMatching(/sprite-00099\.jpg$/),
      tile: { x: 0, y: 810, w: 160, h: 90 },
    });
    expect(thumbnailAt(kept, 10_000)).toBeNull();
    for (const time of [0, 5.5, 1234, 5000.9, 9999.9])
      expect(thumbnailAt(kept, time)).not.toBeNull();
    expect(thumbnailAt(kept, 1234)?.start).toBe(1230);
  });

  it('keeps a short file whole, each image once, whole images without a tile', () => {
    const { images, cues } = readThumbnails(
      'WEBVTT\n\n00:00.000 --> 00:02.000\na.jpg#xywh=0,0,160,90\n\n00:02.000 --> 00:04.500\na.jpg#xywh=160,0,160,90\n\n00:04.500 --> 00:06.000\nwhole.jpg',
      VTT_URL,
    );
    expect(images).toEqual([
      'https://cdn.example/media/thumbs/a.jpg',
      'https://cdn.example/media/thumbs/whole.jpg',
    ]);
    expect(cues).toEqual([
      [0, 2, 0, 0, 0, 160, 90],
      [2, 4.5, 0, 160, 0, 160, 90],
      [4.5, 6, 1],
    ]);
  });
});

describe('the thumbnail at a time', () => {
  const cues = readThumbnails(
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
    expect(thumbnailAt(NO_THUMBNAILS, 3)).toBeNull();
  });
});
