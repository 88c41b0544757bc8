// The protected film's encryption, read back as a browser's decryptor reads it: the sample entry and
// tenc of the init segment, then each sample's IV and clear/encrypted stretches found through saio
// and saiz (not by the writer's own layout), decrypted with the key: the demo film's bytes come back.
import { createDecipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY, DEMO_KEY_ID } from '../../../demo/clearKey';
import { encryptInit } from '../../../tools/cenc/encryptInit';
import { encryptSegment, nalSubsamples } from '../../../tools/cenc/encryptSegment';
import { findBox, readBoxes, requireBox, writeBox } from '../../../tools/cenc/isoBox';
import { clearKeyTag } from '../../../tools/protectedFilm';

const HLS = join(__dirname, '../../../demo/fixtures/media/hls');
const media = (path: string) => readFileSync(join(HLS, path));

/** The samples of a segment's run, decrypted by what its own boxes say, and the mdat's bytes. */
function decrypt(segment: Buffer, key: Buffer) {
  const boxes = readBoxes(segment);
  const moofAt = boxes
    .slice(
      0,
      boxes.findIndex((b) => b.type === 'moof'),
    )
    .reduce((at, b) => at + writeBox(b).length, 0);
  const traf = requireBox(boxes, ['moof', 'traf']);
  const trun = requireBox(traf.children, ['trun']);
  const saiz = requireBox(traf.children, ['saiz']).head;
  const saio = requireBox(traf.children, ['saio']).head;
  const count = trun.head.readUInt32BE(4);
  // trun: a data offset, then per sample those of duration, size, flags and time offset its flags say
  const flags = trun.head.readUInt32BE(0);
  const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f);
  const firstSampleAt = 12 + (flags & 0x4 ? 4 : 0);
  const sizeOf = (n: number) =>
    trun.head.readUInt32BE(firstSampleAt + 4 * (fields.length * n + fields.indexOf(0x200)));
  const infoSizes = saiz[4] ? Array<number>(count).fill(saiz[4]) : [...saiz.subarray(9, 9 + count)];
  let info = moofAt + saio.readUInt32BE(8);
  let sample = moofAt + trun.head.readInt32BE(8);
  const out = Buffer.from(segment);
  for (let n = 0; n < count; n++) {
    const size = sizeOf(n);
    const iv = segment.subarray(info, info + 8);
    const ranges: [number, number][] = [];
    if (infoSizes[n]! > 8) {
      let at = sample;
      for (let s = 0, count = segment.readUInt16BE(info + 8); s < count; s++) {
        const clear = segment.readUInt16BE(info + 10 + 6 * s);
        const encrypted = segment.readUInt32BE(info + 12 + 6 * s);
        ranges.push([at + clear, at + clear + encrypted]);
        at += clear + encrypted;
      }
      expect(at).toBe(sample + size); // the stretches cover the sample exactly
    } else ranges.push([sample, sample + size]);
    const decipher = createDecipheriv('aes-128-ctr', key, Buffer.concat([iv, Buffer.alloc(8)]));
    for (const [from, to] of ranges) decipher.update(segment.subarray(from, to)).copy(out, from);
    info += infoSizes[n]!;
    sample += size;
  }
  const mdat = boxes.find((b) => b.type === 'mdat')!;
  return { mdat: readBoxes(out).find((b) => b.type === 'mdat')!.head, encrypted: mdat.head };
}

const mdatOf = (segment: Buffer) => readBoxes(segment).find((b) => b.type === 'mdat')!.head;

describe('the protected film: Common Encryption of the demo film', () => {
  it('marks the init segment encrypted: encv over avc1, the cenc scheme, the key id in tenc and a pssh', () => {
    const { init, track } = encryptInit(media('240p/init_0.mp4'), DEMO_KEY_ID);
    const boxes = readBoxes(init);
    const entry = requireBox(boxes, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd', 'encv']);
    expect(findBox(entry.children, ['avcC'])).toBeDefined(); // the decoder's own setup kept
    expect(requireBox(entry.children, ['sinf', 'frma']).head.toString('latin1')).toBe('avc1');
    expect(requireBox(entry.children, ['sinf', 'schm']).head.toString('latin1', 4, 8)).toBe(
      'cenc',
    );
    const tenc = requireBox(entry.children, ['sinf', 'schi', 'tenc']).head;
    expect([tenc[6], tenc[7]]).toEqual([1, 8]); // protected, 8-byte IVs
    expect(tenc.subarray(8, 24)).toEqual(DEMO_KEY_ID);
    const pssh = requireBox(boxes, ['moov', 'pssh']).head;
    expect(pssh.subarray(4, 20).toString('hex')).toBe('1077efecc0b24d02ace33c1e52e2fb4b');
    expect(pssh.subarray(24, 40)).toEqual(DEMO_KEY_ID);
    expect(track.nalLengthSize).toBe(4);
    // audio: enca over mp4a, its samples encrypted whole
    const audio = encryptInit(media('audio_ru/init_6.mp4'), DEMO_KEY_ID);
    expect(
      findBox(readBoxes(audio.init), ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd', 'enca']),
    ).toBeDefined();
    expect(audio.track.nalLengthSize).toBeNull();
  });

  it.each(['240p/seg0.m4s', '480p/seg3.m4s', 'audio_ru/seg2.m4s'])(
    '%s: every sample decrypts to the film, found through saio and saiz',
    (path) => {
      const rendition = path.split('/')[0]!;
      const initName = rendition === 'audio_ru' ? 'init_6.mp4' : 'init_0.mp4';
      const init = media(`${rendition}/${rendition === '480p' ? 'init_2.mp4' : initName}`);
      const { track } = encryptInit(init, DEMO_KEY_ID);
      const clear = media(path);
      const segment = encryptSegment(clear, track, DEMO_KEY, 7);
      const { mdat, encrypted } = decrypt(segment, DEMO_KEY);
      expect(encrypted.equals(mdatOf(clear))).toBe(false);
      expect(mdat.equals(mdatOf(clear))).toBe(true);
      expect(media(path).equals(clear)).toBe(true); // the input is left as it was
      // the sidx points at the grown moof and its mdat
      const sidx = requireBox(readBoxes(segment), ['sidx']).head;
      const moofAndMdat = readBoxes(segment)
        .filter((b) => b.type === 'moof' || b.type === 'mdat')
        .reduce((n, b) => n + writeBox(b).length, 0);
      const referenceAt = sidx[0] === 0 ? 24 : 32; // after 32- or 64-bit times
      expect(sidx.readUInt32BE(referenceAt) & 0x7fffffff).toBe(moofAndMdat);
    },
  );

  it('keeps what the decoder must read clear: NAL lengths and headers, parameter sets whole; slices encrypted in 16-byte blocks', () => {
    const nal = (type: number, size: number) => {
      const unit = Buffer.alloc(4 + size, 0xab);
      unit.writeUInt32BE(size);
      unit[4] = type;
      return unit;
    };
    // SPS (7), PPS (8), an IDR slice (5) of 1000 bytes, a slice (1) of 10
    const sample = Buffer.concat([nal(0x67, 20), nal(0x68, 4), nal(0x65, 1000), nal(0x41, 10)]);
    expect(nalSubsamples(sample, 4)).toEqual([
      { clear: 24 + 8 + 4 + 1 + (999 % 16), protected: 999 - (999 % 16) },
      { clear: 14, protected: 0 },
    ]);
  });

  it('names the key in each media playlist as hls.js reads a Clear Key one', () => {
    expect(clearKeyTag(DEMO_KEY_ID)).toBe(
      `#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1",URI="data:text/plain;base64,${DEMO_KEY_ID.toString('base64')}",KEYID=0x${DEMO_KEY_ID.toString('hex')}`,
    );
  });
});
