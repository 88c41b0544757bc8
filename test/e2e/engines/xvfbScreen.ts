// A picture of what an X server (Xvfb) shows, read from the framebuffer it keeps in a file
// (`Xvfb -fbdir`, in the X Window Dump format) and written as PNG. WebKitGTK's own WebDriver
// screenshot repaints the page inside the engine: it can show a frame from before the last change
// and, with a video playing, has once not returned at all. The screen is what a viewer sees, and
// reading it asks nothing of the engine.
import { readFileSync } from 'node:fs';
import * as zlib from 'node:zlib';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The XWD header's fields this reader needs (32-bit, in the file's byte order). */
interface XwdHeader {
  headerSize: number;
  width: number;
  height: number;
  bitsPerPixel: number;
  bytesPerLine: number;
  colormapEntries: number;
  redMask: number;
  greenMask: number;
  blueMask: number;
  littleEndianPixels: boolean;
}

const XWD_FILE_VERSION = 7;
const XWD_ZPIXMAP = 2;
const XWD_COLOR_SIZE = 12;

function readHeader(file: Buffer): XwdHeader {
  const field = (index: number) => file.readUInt32BE(index * 4);
  if (file.length < 100 || field(1) !== XWD_FILE_VERSION || field(2) !== XWD_ZPIXMAP)
    throw new Error('Not a ZPixmap X window dump (version 7)');
  const header = {
    headerSize: field(0),
    width: field(4),
    height: field(5),
    littleEndianPixels: field(7) === 0, // byte_order: 0 is LSBFirst
    bitsPerPixel: field(11),
    bytesPerLine: field(12),
    redMask: field(14),
    greenMask: field(15),
    blueMask: field(16),
    colormapEntries: field(19), // ncolors: the colour entries written after the header
  };
  if (header.bitsPerPixel !== 32)
    throw new Error(`Only 32-bit screens are read (this one: ${header.bitsPerPixel})`);
  return header;
}

/** The lowest set bit's position, to shift a channel's mask down to 0..255. */
const shiftOf = (mask: number) => (mask === 0 ? 0 : 31 - Math.clz32(mask & -mask));

/** The screen's pixels inside `rect` (clipped to the screen) as RGB rows. */
function rgbRows(file: Buffer, rect: Rect | null): { width: number; height: number; rows: Buffer } {
  const header = readHeader(file);
  const x0 = Math.max(0, Math.round(rect?.x ?? 0));
  const y0 = Math.max(0, Math.round(rect?.y ?? 0));
  const width = Math.min(header.width - x0, Math.round(rect?.width ?? header.width));
  const height = Math.min(header.height - y0, Math.round(rect?.height ?? header.height));
  if (width <= 0 || height <= 0) throw new Error('The rectangle is off the screen');
  const pixels = header.headerSize + header.colormapEntries * XWD_COLOR_SIZE;
  const channels = [header.redMask, header.greenMask, header.blueMask].map((mask) => ({
    mask,
    shift: shiftOf(mask),
  }));
  // each PNG row starts with its filter byte (0: none)
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let out = 0;
  for (let y = 0; y < height; y++) {
    rows[out++] = 0;
    let at = pixels + (y0 + y) * header.bytesPerLine + x0 * 4;
    for (let x = 0; x < width; x++, at += 4) {
      const pixel = header.littleEndianPixels ? file.readUInt32LE(at) : file.readUInt32BE(at);
      for (const { mask, shift } of channels) rows[out++] = ((pixel & mask) >>> shift) & 0xff;
    }
  }
  return { width, height, rows };
}

/** PNG's CRC-32: Node's own from 20.15, else computed here (the table of the PNG specification). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32: (data: Buffer) => number =
  (zlib as { crc32?: (data: Buffer) => number }).crc32 ??
  ((data) => {
    let c = 0xffffffff;
    for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  });

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** PNG of the part `rect` of the screen whose framebuffer is the file `xwdPath`. */
export function screenPng(xwdPath: string, rect: Rect | null = null): Buffer {
  const { width, height, rows } = rgbRows(readFileSync(xwdPath), rect);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
