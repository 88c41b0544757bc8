// ISO base media file format boxes (ISO/IEC 14496-12) as far as encrypting a film needs: read into a
// tree whose containers are opened, changed, and written back with every size made again.

/** A box: `head` is its payload before its child boxes (all of it for a box that is not opened). */
export interface IsoBox {
  type: string;
  head: Buffer;
  children: IsoBox[];
}

/** The boxes that hold boxes, with the length of what comes before their children. */
const CONTAINER_HEADS: Record<string, number> = {
  moov: 0,
  trak: 0,
  mdia: 0,
  minf: 0,
  stbl: 0,
  mvex: 0,
  dinf: 0,
  edts: 0,
  moof: 0,
  traf: 0,
  sinf: 0,
  schi: 0,
  stsd: 8, // version, flags, entry count
  avc1: 78, // a visual sample entry's fields
  encv: 78,
  mp4a: 28, // an audio sample entry's fields
  enca: 28,
};

export function readBoxes(data: Buffer): IsoBox[] {
  const boxes: IsoBox[] = [];
  for (let offset = 0; offset < data.length;) {
    if (data.length - offset < 8) throw new Error(`a box cut short at byte ${offset}`);
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let start = offset + 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(offset + 8));
      start += 8;
    } else if (size === 0) size = data.length - offset;
    const end = offset + size;
    if (size < start - offset || end > data.length)
      throw new Error(`${type} at byte ${offset}: a size of ${size} does not fit`);
    const payload = data.subarray(start, end);
    const headLength = CONTAINER_HEADS[type];
    boxes.push(
      headLength === undefined
        ? { type, head: payload, children: [] }
        : {
            type,
            head: payload.subarray(0, headLength),
            children: readBoxes(payload.subarray(headLength)),
          },
    );
    offset = end;
  }
  return boxes;
}

export function writeBox(box: IsoBox): Buffer {
  const body = Buffer.concat([box.head, ...box.children.map(writeBox)]);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(box.type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

export const writeBoxes = (boxes: readonly IsoBox[]) => Buffer.concat(boxes.map(writeBox));

/** A box of the given type and payload. */
export const leafBox = (type: string, ...parts: Buffer[]): IsoBox => ({
  type,
  head: Buffer.concat(parts),
  children: [],
});

/** A full box's version and flags. */
export function fullBoxHeader(version: number, flags: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return header;
}

export function uint32(...values: number[]): Buffer {
  const data = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => data.writeUInt32BE(value, 4 * i));
  return data;
}

/** The first box of the path below `boxes` (`['moov', 'trak']`), or undefined. */
export function findBox(boxes: readonly IsoBox[], path: readonly string[]): IsoBox | undefined {
  const [first, ...rest] = path;
  const box = boxes.find((b) => b.type === first);
  if (!box || rest.length === 0) return box;
  return findBox(box.children, rest);
}

/** The box of the path, which must be there. */
export function requireBox(boxes: readonly IsoBox[], path: readonly string[]): IsoBox {
  const box = findBox(boxes, path);
  if (!box) throw new Error(`no ${path.join('/')} box`);
  return box;
}
