// An fMP4 media segment encrypted with Common Encryption's 'cenc' scheme (AES-128 in counter mode,
// ISO/IEC 23001-7): each sample's bytes in its mdat, and beside each run of samples the boxes a
// browser decrypts them by: senc (each sample's IV and, for video, which bytes are clear), saiz and
// saio (where those are). The moof grows by them, so the run's data offset and the sidx's size move.
import { createCipheriv } from 'node:crypto';
import { IV_SIZE, type TrackProtection } from './encryptInit';
import {
  fullBoxHeader,
  leafBox,
  readBoxes,
  requireBox,
  uint32,
  writeBox,
  writeBoxes,
  type IsoBox,
} from './isoBox';

/** A stretch of a sample: `clear` bytes left as they are, then `protected` bytes encrypted. */
export interface Subsample {
  clear: number;
  protected: number;
}

const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_DEFAULT_SAMPLE_SIZE = 0x10;
const TFHD_DEFAULT_BASE_IS_MOOF = 0x20000;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_SAMPLE_FLAGS = 0x4;
const TRUN_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800]; // duration, size, flags, time offset
const TRUN_SAMPLE_SIZE = 0x200;
const SENC_SUBSAMPLES = 0x2;
/** a subsample entry counts clear bytes in 16 bits */
const MAX_CLEAR = 0xffff;

/**
 * The segment encrypted with `key`. `ivPrefix` starts every sample's IV (its sample number follows):
 * no two samples under one key may share an IV, so each segment of each track needs its own.
 */
export function encryptSegment(
  segment: Buffer,
  track: TrackProtection,
  key: Buffer,
  ivPrefix: number,
): Buffer {
  const boxes = readBoxes(Buffer.from(segment)); // a copy: the run and the sidx are changed in place
  if (writeBoxes(boxes).length !== segment.length)
    throw new Error('a segment with 64-bit box sizes is not handled');
  const output = Buffer.from(segment); // the samples are encrypted in place in this copy
  let grown = 0;
  let moofAt = 0; // where the box looked at starts in the segment
  boxes.forEach((moof, i) => {
    const at = moofAt;
    moofAt += writeBox(moof).length;
    if (moof.type !== 'moof') return;
    const mdat = boxes[i + 1];
    if (mdat?.type !== 'mdat') throw new Error('a moof without its mdat');
    const sizes = sampleSizes(moof);
    let position = at + dataOffset(moof);
    const mdatStart = moofAt + 8;
    const mdatEnd = mdatStart + mdat.head.length;
    const encryption = sizes.map((size, n) => {
      if (position + size > mdatEnd) throw new Error('a sample runs past its mdat');
      const sample = output.subarray(position, position + size);
      position += size;
      const iv = Buffer.concat([uint32(ivPrefix), uint32(n)]);
      const subsamples =
        track.nalLengthSize === null ? null : nalSubsamples(sample, track.nalLengthSize);
      encryptSample(sample, key, iv, subsamples);
      return { iv, subsamples };
    });
    mdat.head = output.subarray(mdatStart, mdatEnd);
    grown += addEncryptionBoxes(moof, encryption);
  });
  const sidx = boxes.find((b) => b.type === 'sidx');
  if (sidx && grown > 0) growSidx(sidx, grown);
  return writeBoxes(boxes);
}

function trafOf(moof: IsoBox): IsoBox {
  const [traf, ...more] = moof.children.filter((b) => b.type === 'traf');
  if (!traf || more.length > 0) throw new Error('one traf per moof');
  return traf;
}

const flagsOf = (box: IsoBox) => box.head.readUInt32BE(0) & 0xffffff;

function dataOffset(moof: IsoBox): number {
  const traf = trafOf(moof);
  const tfhdFlags = flagsOf(requireBox(traf.children, ['tfhd']));
  const trun = requireBox(traf.children, ['trun']);
  if (tfhdFlags & TFHD_BASE_DATA_OFFSET || !(tfhdFlags & TFHD_DEFAULT_BASE_IS_MOOF))
    throw new Error('only runs placed from their moof (default-base-is-moof) are handled');
  if (!(flagsOf(trun) & TRUN_DATA_OFFSET)) throw new Error('a trun without a data offset');
  return trun.head.readInt32BE(8);
}

function sampleSizes(moof: IsoBox): number[] {
  const traf = trafOf(moof);
  const tfhd = requireBox(traf.children, ['tfhd']);
  const trun = requireBox(traf.children, ['trun']);
  const flags = flagsOf(trun);
  const count = trun.head.readUInt32BE(4);
  let field = 8 + (flags & TRUN_DATA_OFFSET ? 4 : 0) + (flags & TRUN_FIRST_SAMPLE_FLAGS ? 4 : 0);
  const perSample = TRUN_SAMPLE_FIELDS.filter((f) => flags & f);
  const sizeAt = perSample.indexOf(TRUN_SAMPLE_SIZE);
  if (sizeAt === -1) {
    // tfhd: version and flags, track id, then the optional fields up to the default size
    const tfhdFlags = flagsOf(tfhd);
    const before = [0x1, 0x2, 0x8].reduce(
      (n, f) => n + (tfhdFlags & f ? (f === 0x1 ? 8 : 4) : 0),
      0,
    );
    if (!(tfhdFlags & TFHD_DEFAULT_SAMPLE_SIZE)) throw new Error('no sample sizes');
    return Array<number>(count).fill(tfhd.head.readUInt32BE(8 + before));
  }
  const sizes: number[] = [];
  for (let n = 0; n < count; n++, field += 4 * perSample.length)
    sizes.push(trun.head.readUInt32BE(field + 4 * sizeAt));
  return sizes;
}

/**
 * Which bytes of an H.264 sample are encrypted: of each slice, all but its length and NAL header
 * (and what keeps the encrypted part whole 16-byte blocks, as packagers do); other NAL units
 * (parameter sets, SEI) stay clear, so the decoder can read the stream's structure.
 */
export function nalSubsamples(sample: Buffer, lengthSize: number): Subsample[] {
  const subsamples: Subsample[] = [];
  let clear = 0;
  for (let position = 0; position < sample.length;) {
    const size = sample.readUIntBE(position, lengthSize);
    const whole = lengthSize + size;
    if (position + whole > sample.length) throw new Error('a NAL unit runs past its sample');
    const nalType = sample.readUInt8(position + lengthSize) & 0x1f;
    const slice = nalType >= 1 && nalType <= 5;
    const encrypted = slice ? Math.floor((whole - lengthSize - 1) / 16) * 16 : 0;
    clear += whole - encrypted;
    if (encrypted > 0) {
      pushSubsample(subsamples, clear, encrypted);
      clear = 0;
    }
    position += whole;
  }
  if (clear > 0) pushSubsample(subsamples, clear, 0);
  return subsamples;
}

function pushSubsample(subsamples: Subsample[], clear: number, encrypted: number) {
  for (; clear > MAX_CLEAR; clear -= MAX_CLEAR) subsamples.push({ clear: MAX_CLEAR, protected: 0 });
  subsamples.push({ clear, protected: encrypted });
}

/** AES-128-CTR over the sample's protected bytes as one stream (the whole sample without subsamples). */
function encryptSample(sample: Buffer, key: Buffer, iv: Buffer, subsamples: Subsample[] | null) {
  const counter = Buffer.concat([iv, Buffer.alloc(16 - IV_SIZE)]);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  const ranges: [number, number][] = [];
  if (subsamples === null) ranges.push([0, sample.length]);
  else
    subsamples.reduce(
      (at, s) => (
        ranges.push([at + s.clear, at + s.clear + s.protected]),
        at + s.clear + s.protected
      ),
      0,
    );
  for (const [from, to] of ranges) cipher.update(sample.subarray(from, to)).copy(sample, from);
}

/** senc, saiz and saio added to the moof's traf; returns how much the moof grew. */
function addEncryptionBoxes(
  moof: IsoBox,
  samples: { iv: Buffer; subsamples: Subsample[] | null }[],
): number {
  const before = writeBox(moof).length;
  const withSubsamples = samples.some((s) => s.subsamples !== null);
  const info = samples.map(({ iv, subsamples }) =>
    subsamples === null
      ? iv
      : Buffer.concat([
          iv,
          Buffer.from([subsamples.length >> 8, subsamples.length & 0xff]),
          ...subsamples.map((s) => {
            const entry = Buffer.alloc(6);
            entry.writeUInt16BE(s.clear);
            entry.writeUInt32BE(s.protected, 2);
            return entry;
          }),
        ]),
  );
  const infoSizes = info.map((i) => i.length);
  if (infoSizes.some((size) => size > 0xff)) throw new Error('a sample of too many NAL units');
  const sameSize = infoSizes.every((size) => size === infoSizes[0]);
  const senc = leafBox(
    'senc',
    fullBoxHeader(0, withSubsamples ? SENC_SUBSAMPLES : 0),
    uint32(samples.length),
    ...info,
  );
  const saiz = leafBox(
    'saiz',
    fullBoxHeader(0, 0),
    Buffer.from([sameSize ? (infoSizes[0] ?? 0) : 0]),
    uint32(samples.length),
    sameSize ? Buffer.alloc(0) : Buffer.from(infoSizes),
  );
  const saio = leafBox('saio', fullBoxHeader(0, 0), uint32(1, 0));
  const traf = trafOf(moof);
  traf.children.push(senc, saiz, saio);
  const grown = writeBox(moof).length - before;
  // the samples' data moved by as much as the moof grew
  const trun = requireBox(traf.children, ['trun']);
  trun.head.writeInt32BE(trun.head.readInt32BE(8) + grown, 8);
  // saio: where the first IV is, from the moof's start (the runs' base)
  const boxLength = (b: IsoBox) => writeBox(b).length;
  const trafAt = 8 + sum(moof.children.slice(0, moof.children.indexOf(traf)).map(boxLength));
  const sencAt =
    trafAt + 8 + sum(traf.children.slice(0, traf.children.indexOf(senc)).map(boxLength));
  saio.head.writeUInt32BE(sencAt + 8 + 4 + 4, 8);
  return grown;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A sidx of one reference: the segment it points at is that much longer. */
function growSidx(sidx: IsoBox, grown: number) {
  const version = sidx.head.readUInt8(0);
  const countAt = 4 + 4 + 4 + (version === 0 ? 8 : 16) + 2;
  if (sidx.head.readUInt16BE(countAt) !== 1) throw new Error('a sidx of more than one reference');
  const reference = sidx.head.readUInt32BE(countAt + 2);
  const size = (reference & 0x7fffffff) + grown;
  sidx.head.writeUInt32BE(((reference & 0x80000000) | size) >>> 0, countAt + 2);
}
