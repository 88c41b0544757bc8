// The protected film of the DRM tests: the demo film's fMP4 HLS (three rungs and the Russian audio)
// encrypted with Common Encryption ('cenc', AES-128-CTR) for Clear Key, as a packager makes films for
// Widevine and PlayReady. Each media playlist names the key in an EXT-X-KEY (KEYFORMAT
// "org.w3.clearkey"); each init segment carries it in tenc and in a common-system pssh. The demo
// server hands the key out (demo/clearKey.ts). Made on first use under node_modules/.cache, in
// about a second, from the committed media. `unlicensed/` holds the lowest rung and the audio under a
// key the license server does not know.
import { readFileSync, readdirSync, statSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY, DEMO_KEY_ID, UNKNOWN_KEY, UNKNOWN_KEY_ID } from '../demo/clearKey';
import { cachedFolder } from './cachedFolder';
import { encryptInit } from './cenc/encryptInit';
import { encryptSegment } from './cenc/encryptSegment';

const SOURCE = join(__dirname, '..', 'demo', 'fixtures', 'media', 'hls');
/**
 * The rungs protected, with their line of the master playlist; the highest asks for HDCP, as
 * studios ask for their HD rungs (a device that cannot give it plays the others).
 */
const RUNGS: Record<string, string> = {
  '240p':
    'BANDWIDTH=300000,RESOLUTION=426x240,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="aud",HDCP-LEVEL=NONE',
  '360p':
    'BANDWIDTH=750000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud",HDCP-LEVEL=NONE',
  '480p':
    'BANDWIDTH=1200000,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud",HDCP-LEVEL=TYPE-0',
};
const AUDIO = 'audio_ru';

/** The folder: master.m3u8 and a folder per rendition; unlicensed/ the same under another key. */
export function protectedFilmDir(): string {
  const sources = [AUDIO, ...Object.keys(RUNGS)].map((name) => join(SOURCE, name));
  const bytes = sources.flatMap((dir) => readdirSync(dir).map((f) => statSync(join(dir, f)).size));
  const recipe = `v2 cenc ${DEMO_KEY_ID.toString('hex')} ${bytes.reduce((a, b) => a + b, 0)}`;
  return cachedFolder('protected-film', recipe, (work) => {
    writeFilm(work, Object.keys(RUNGS), { id: DEMO_KEY_ID, key: DEMO_KEY });
    writeFilm(join(work, 'unlicensed'), ['240p'], { id: UNKNOWN_KEY_ID, key: UNKNOWN_KEY });
  });
}

/** The EXT-X-KEY of a Clear Key film: its key id as the URI's data, and as KEYID. */
export function clearKeyTag(keyId: Buffer): string {
  return (
    `#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1",` +
    `URI="data:text/plain;base64,${keyId.toString('base64')}",KEYID=0x${keyId.toString('hex')}`
  );
}

function writeFilm(dir: string, rungs: string[], key: { id: Buffer; key: Buffer }) {
  [AUDIO, ...rungs].forEach((name, track) => encryptRendition(name, join(dir, name), track, key));
  writeFileSync(
    join(dir, 'master.m3u8'),
    [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Русский",LANGUAGE="ru",DEFAULT=YES,AUTOSELECT=YES,URI="${AUDIO}/index.m3u8"`,
      ...rungs.flatMap((rung) => [`#EXT-X-STREAM-INF:${RUNGS[rung]}`, `${rung}/index.m3u8`]),
      '',
    ].join('\n'),
  );
}

/** One rendition's init and segments encrypted, its playlist naming the key before its init. */
function encryptRendition(
  name: string,
  out: string,
  track: number,
  { id, key }: { id: Buffer; key: Buffer },
) {
  mkdirSync(out, { recursive: true });
  const from = join(SOURCE, name);
  const lines = readFileSync(join(from, 'index.m3u8'), 'utf8').split('\n');
  const mapLine = lines.findIndex((line) => line.startsWith('#EXT-X-MAP:'));
  const initName = /URI="([^"]+)"/.exec(lines[mapLine] ?? '')?.[1];
  if (!initName) throw new Error(`${name}: no EXT-X-MAP`);
  const { init, track: protection } = encryptInit(readFileSync(join(from, initName)), id);
  writeFileSync(join(out, initName), init);
  let segment = 0;
  for (const line of lines) {
    if (line === '' || line.startsWith('#')) continue;
    const data = readFileSync(join(from, line));
    // IVs unique under the key: the track in the high half, the segment in the low
    writeFileSync(
      join(out, line),
      encryptSegment(data, protection, key, (track << 16) | segment++),
    );
  }
  lines.splice(mapLine, 0, clearKeyTag(id));
  writeFileSync(join(out, 'index.m3u8'), lines.join('\n'));
}
