import { chromiumCanPlay } from '../../../src/vast/chromiumCanPlay';
import { chooseMediaFile, type MediaChoiceOptions } from '../../../src/vast/media';
import type { VastMediaFile } from '../../../src/vast/model';

const file = (
  name: string,
  width: number,
  height: number,
  more: Partial<VastMediaFile> = {},
): VastMediaFile => ({
  url: `https://cdn.test/${name}`,
  type: 'video/mp4',
  width,
  height,
  codec: null,
  bitrate: null,
  delivery: 'progressive',
  apiFramework: null,
  ...more,
});

const player = (more: Partial<MediaChoiceOptions> = {}): MediaChoiceOptions => ({
  width: 1280,
  height: 720,
  bandwidthKbps: null,
  canPlay: chromiumCanPlay,
  ...more,
});

const chosen = (files: VastMediaFile[], options = player()) =>
  chooseMediaFile(files, options)?.url.replace('https://cdn.test/', '') ?? null;

describe('chooseMediaFile', () => {
  const ladder = [
    file('1080p', 1920, 1080, { bitrate: 4000 }),
    file('720p', 1280, 720, { bitrate: 2000 }),
    file('480p', 854, 480, { bitrate: 1000 }),
    file('360p', 640, 360, { bitrate: 600 }),
  ];

  test.each([
    ['the exact player size', player(), '720p'],
    ['the largest file that fits a smaller player', player({ width: 900, height: 500 }), '480p'],
    ['the smallest file when the player is tiny', player({ width: 320, height: 180 }), '360p'],
    ['the closest larger file when none fits', player({ width: 3840, height: 2160 }), '1080p'],
    ['a file within the bandwidth', player({ bandwidthKbps: 1200 }), '480p'],
    ['the lowest bitrate when all exceed it', player({ bandwidthKbps: 100 }), '360p'],
    ['any bitrate when bandwidth is unknown', player({ bandwidthKbps: null }), '720p'],
  ])('picks %s', (_, options, expected) => {
    expect(chosen(ladder, options)).toBe(expected);
  });

  test('the order of the document does not decide', () => {
    expect(chosen([...ladder].reverse())).toBe('720p');
  });

  test('unplayable files are never chosen, even when they fit best', () => {
    const files = [
      file('720p.flv', 1280, 720, { type: 'video/x-flv' }),
      file('720p.hevc', 1280, 720, { codec: 'hvc1.1.6.L93.B0' }),
      file('360p.mp4', 640, 360, { codec: 'avc1.42E01E, mp4a.40.2' }),
    ];
    expect(chosen(files)).toBe('360p.mp4');
  });

  test('nothing playable gives null, for the caller to report 403', () => {
    expect(chosen([file('a.flv', 1280, 720, { type: 'video/x-flv' })])).toBeNull();
    expect(chosen([])).toBeNull();
  });

  test('VPAID plays when canPlay allows it, and only when no plain video can', () => {
    const vpaid = file('vpaid.js', 1280, 720, {
      type: 'application/javascript',
      apiFramework: 'VPAID',
    });
    expect(chosen([vpaid])).toBe('vpaid.js');
    expect(chosen([vpaid, file('360p', 640, 360)])).toBe('360p');
    expect(chosen([vpaid], player({ canPlay: (type) => type.startsWith('video/') }))).toBeNull();
  });

  test('canPlay is asked with type, codec and apiFramework', () => {
    const canPlay = jest.fn(() => true);
    chooseMediaFile(
      [file('a', 640, 360, { codec: 'vp9', apiFramework: 'VPAID' })],
      player({ canPlay }),
    );
    expect(canPlay).toHaveBeenCalledWith('video/mp4', 'vp9', 'VPAID');
  });

  test('ties on size go to the higher bitrate, then to document order', () => {
    const low = file('low', 1280, 720, { bitrate: 800 });
    const high = file('high', 1280, 720, { bitrate: 2500 });
    expect(chosen([low, high])).toBe('high');
    expect(chosen([file('first', 1280, 720), file('second', 1280, 720)])).toBe('first');
  });
});

describe('chromiumCanPlay', () => {
  test.each([
    ['video/mp4', null, null, true],
    ['video/mp4', 'avc1.4D401E, mp4a.40.2', null, true],
    ['video/mp4', 'H.264', null, true],
    ['video/mp4', 'av01.0.05M.08', null, true],
    ['video/mp4', 'vp09.00.10.08', null, true],
    ['video/mp4', 'opus', null, true],
    ['VIDEO/MP4', 'AAC', null, true],
    ['video/webm', 'vp8, vorbis', null, true],
    ['video/webm', 'vp9, opus', null, true],
    ['video/webm', 'av01.0.05M.08', null, true],
    ['video/mp4', 'hvc1.1.6.L93.B0', null, false],
    ['video/mp4', 'hev1.1.6.L93.B0', null, false],
    ['video/mp4', 'HEVC', null, false],
    ['video/mp4', 'avc1.42E01E, ac-3', null, false],
    ['video/mp4', 'mp4v.20.9', null, false],
    ['video/mp4', 'FLAC', null, true],
    ['video/mp4', '0', null, true],
    ['video/webm', '0', null, true],
    ['video/webm', 'avc1.42E01E', null, false],
    ['video/3gpp', null, null, false],
    ['video/x-flv', null, null, false],
    ['application/x-shockwave-flash', null, 'VPAID', false],
    ['video/quicktime', null, null, false],
    ['application/javascript', null, 'VPAID', true],
    ['application/javascript', null, 'vpaid', true],
    ['application/javascript', null, null, false],
    ['application/javascript', null, 'SIMID', false],
    ['application/x-mpegURL', null, null, false],
  ])('%s codec=%s api=%s -> %s', (type, codec, api, expected) => {
    expect(chromiumCanPlay(type, codec, api)).toBe(expected);
  });
});
