// An fMP4 init segment made into a Common Encryption ('cenc', ISO/IEC 23001-7) one: its sample entry
// renamed (avc1 → encv, mp4a → enca) with the protection scheme beside it (sinf: frma, schm, tenc
// with the key's id), and a common-system pssh naming the key, which the browser hands the page in
// its "encrypted" event (Clear Key's initialization data, W3C "cenc" format).
import {
  findBox,
  fullBoxHeader,
  leafBox,
  readBoxes,
  requireBox,
  uint32,
  writeBoxes,
  type IsoBox,
} from './isoBox';

/** W3C's common system id for Clear Key and key ids in the pssh (1077efec-c0b2-4d02-ace3-3c1e52e2fb4b) */
const COMMON_SYSTEM_ID = Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex');
/** each sample's own 8-byte IV (the other 8 bytes of the counter block start at zero) */
export const IV_SIZE = 8;

const ENCRYPTED_ENTRY: Record<string, string> = { avc1: 'encv', mp4a: 'enca' };

/** What encrypting the segments needs to know of the track. */
export interface TrackProtection {
  /** bytes of each NAL unit's length (avcC), null for audio: its samples are encrypted whole */
  nalLengthSize: number | null;
}

export function encryptInit(init: Buffer, keyId: Buffer): { init: Buffer; track: TrackProtection } {
  if (keyId.length !== 16) throw new Error('a key id is 16 bytes');
  const boxes = readBoxes(init);
  const moov = requireBox(boxes, ['moov']);
  const [trak, ...more] = moov.children.filter((b) => b.type === 'trak');
  if (!trak || more.length > 0) throw new Error('one track per init segment');
  const stsd = requireBox(trak.children, ['mdia', 'minf', 'stbl', 'stsd']);
  const entry = stsd.children[0];
  const encrypted = entry && ENCRYPTED_ENTRY[entry.type];
  if (!entry || !encrypted) throw new Error(`no avc1 or mp4a sample entry (${entry?.type})`);
  const original = entry.type;
  const avcC = findBox(entry.children, ['avcC']);
  entry.type = encrypted;
  entry.children.push(protectionScheme(original, keyId));
  moov.children.push(commonPssh(keyId));
  return {
    init: writeBoxes(boxes),
    track: { nalLengthSize: avcC ? (avcC.head.readUInt8(4) & 0b11) + 1 : null },
  };
}

function protectionScheme(originalFormat: string, keyId: Buffer): IsoBox {
  const tenc = leafBox(
    'tenc',
    fullBoxHeader(0, 0),
    Buffer.from([0, 0, 1, IV_SIZE]), // reserved, reserved, protected, per-sample IV size
    keyId,
  );
  return {
    type: 'sinf',
    head: Buffer.alloc(0),
    children: [
      leafBox('frma', Buffer.from(originalFormat, 'latin1')),
      leafBox('schm', fullBoxHeader(0, 0), Buffer.from('cenc', 'latin1'), uint32(0x10000)),
      { type: 'schi', head: Buffer.alloc(0), children: [tenc] },
    ],
  };
}

function commonPssh(keyId: Buffer): IsoBox {
  return leafBox('pssh', fullBoxHeader(1, 0), COMMON_SYSTEM_ID, uint32(1), keyId, uint32(0));
}
