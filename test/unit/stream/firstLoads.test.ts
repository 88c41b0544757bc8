// The early start guesses what hls.js will load first from the playlists' text: the lowest level
// with video and its default audio, then the segment at the start position with its init segment.
import { firstLevelOf, isMediaPlaylist, segmentsAt } from '../../../src/stream/firstLoads';

const BASE = 'https://cdn.example/film/master.m3u8';

const MASTER = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Русский",LANGUAGE="ru",DEFAULT=YES,URI="audio_ru/index.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=NO,URI="audio_en/index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Русские",DEFAULT=YES,URI="subs_ru/index.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=750000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud"
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2",AUDIO="aud"
audio-only/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="aud"
240p/index.m3u8
`;

const VOD = `#EXTM3U
#EXT-X-TARGETDURATION:4
#EXT-X-MAP:URI="init.mp4"
#EXTINF:4.0,
seg0.m4s
#EXTINF:4.0,
seg1.m4s
#EXT-X-DISCONTINUITY
#EXT-X-MAP:URI="/other/init2.mp4"
#EXTINF:4.0,
seg2.m4s
#EXT-X-ENDLIST
`;
const LEVEL = 'https://cdn.example/film/240p/index.m3u8';

describe('the first level', () => {
  test('is the lowest bandwidth with video, with its group’s audio renditions', () => {
    expect(firstLevelOf(MASTER, BASE)).toEqual({
      playlist: 'https://cdn.example/film/240p/index.m3u8',
      audio: [
        { name: 'Русский', lang: 'ru', playlist: 'https://cdn.example/film/audio_ru/index.m3u8' },
        { name: 'English', lang: 'en', playlist: 'https://cdn.example/film/audio_en/index.m3u8' },
      ],
    });
  });

  test('has no audio renditions when its audio is muxed in', () => {
    const muxed = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=640x360\nlow.m3u8\n';
    expect(firstLevelOf(muxed, BASE)).toEqual({
      playlist: 'https://cdn.example/film/low.m3u8',
      audio: [],
    });
  });

  test('is not guessed from a playlist with variables or no level', () => {
    expect(firstLevelOf(`#EXTM3U\n#EXT-X-DEFINE:NAME="p",VALUE="x"\n${MASTER}`, BASE)).toBeNull();
    expect(firstLevelOf('#EXTM3U\n', BASE)).toBeNull();
    expect(firstLevelOf('<html>not a playlist</html>', BASE)).toBeNull();
  });

  test('a level playlist is told from a multivariant one', () => {
    expect(isMediaPlaylist(VOD)).toBe(true);
    expect(isMediaPlaylist(MASTER)).toBe(false);
  });
});

describe('the first segments', () => {
  test('at the start: the first segment and its init segment', () => {
    expect(segmentsAt(VOD, LEVEL, 0)).toEqual({
      init: 'https://cdn.example/film/240p/init.mp4',
      segment: 'https://cdn.example/film/240p/seg0.m4s',
    });
  });

  test('at a time code: the segment holding it, with the init segment in force there', () => {
    expect(segmentsAt(VOD, LEVEL, 4)?.segment).toBe('https://cdn.example/film/240p/seg1.m4s');
    expect(segmentsAt(VOD, LEVEL, 9.5)).toEqual({
      init: 'https://cdn.example/other/init2.mp4',
      segment: 'https://cdn.example/film/240p/seg2.m4s',
    });
    expect(segmentsAt(VOD, LEVEL, 12)).toBeNull(); // past the end
  });

  test('MPEG-TS has no init segment', () => {
    const ts = '#EXTM3U\n#EXTINF:6,\na.ts\n#EXTINF:6,\nb.ts\n#EXT-X-ENDLIST\n';
    expect(segmentsAt(ts, LEVEL, 0)).toEqual({
      init: null,
      segment: 'https://cdn.example/film/240p/a.ts',
    });
  });

  test('are not guessed where hls.js would load something else first', () => {
    const live = VOD.replace('#EXT-X-ENDLIST\n', '');
    const encrypted = VOD.replace(
      '#EXTINF:4.0,\nseg0',
      '#EXT-X-KEY:METHOD=AES-128,URI="k.key"\n#EXTINF:4.0,\nseg0',
    );
    const ranges = VOD.replace('seg0.m4s', '#EXT-X-BYTERANGE:1000@0\nall.m4s');
    expect(segmentsAt(live, LEVEL, 0)).toBeNull();
    expect(segmentsAt(encrypted, LEVEL, 0)).toBeNull();
    expect(segmentsAt(ranges, LEVEL, 0)).toBeNull();
    const clear = VOD.replace('#EXTINF:4.0,\nseg0', '#EXT-X-KEY:METHOD=NONE\n#EXTINF:4.0,\nseg0');
    expect(segmentsAt(clear, LEVEL, 0)?.segment).toBe('https://cdn.example/film/240p/seg0.m4s');
  });
});
