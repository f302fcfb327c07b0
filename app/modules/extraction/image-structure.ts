/**
 * Structural checks of PNG and JPEG files before any native decoder sees them. @napi-rs/canvas (Skia) crashes the
 * whole process (SIGSEGV) on an image it cannot decode at all (a PNG header followed by garbage, a JPEG that is only
 * its first bytes), so an uploaded image is decoded only once these pure checks pass: a PNG's chunks all present with
 * good CRCs (IHDR first, IDAT data that inflates, IEND last); a JPEG's segments well formed up to its scan, with a
 * frame header of sane size and an end marker.
 */
import { inflateSync } from "node:zlib";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger than any page photo or scan; keeps a hostile header from asking for gigabytes. */
export const MAX_IMAGE_SIDE = 12_000;

/** Bit depths allowed per colour type, and channels per colour type (PNG specification, 11.2.2). */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function isWellFormedPng(bytes: Buffer): boolean {
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let offset = 8;
  let index = 0;
  const data: Buffer[] = [];
  let sawEnd = false;
  let sawPalette = false;
  let header: { width: number; height: number; bitDepth: number; colorType: number; interlace: number } | null = null;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    if (offset + 12 + length > bytes.length) return false;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) return false;
    if (index === 0) {
      if (type !== "IHDR" || length !== 13) return false;
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8], colorType: body[9], interlace: body[12] };
      const { width, height, bitDepth, colorType } = header;
      if (width === 0 || height === 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return false;
      if (!(PNG_DEPTHS[colorType] ?? []).includes(bitDepth) || body[10] !== 0 || body[11] !== 0 || body[12] > 1) return false;
    }
    if (type === "PLTE") sawPalette = true;
    if (type === "IDAT" && header?.colorType === 3 && !sawPalette) return false;
    if (type === "IDAT") data.push(body);
    offset += 12 + length;
    index++;
    if (type === "IEND") {
      sawEnd = true;
      break;
    }
  }
  if (!sawEnd || data.length === 0 || !header) return false;
  try {
    const raw = inflateSync(Buffer.concat(data));
    if (header.interlace === 1) return raw.length > 0;
    // Each row: a filter byte (0-4) and its pixels.
    const rowBytes = 1 + Math.ceil((header.width * PNG_CHANNELS[header.colorType] * header.bitDepth) / 8);
    if (raw.length !== rowBytes * header.height) return false;
    for (let row = 0; row < header.height; row++) if (raw[row * rowBytes] > 4) return false;
    return true;
  } catch {
    return false;
  }
}

/** Segment markers a JPEG may carry before its scan: APPn, COM, DQT, DHT, DRI and the frame headers. */
function isKnownSegment(marker: number): boolean {
  return (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe || marker === 0xdb || marker === 0xc4 || marker === 0xdd || isFrameMarker(marker);
}
/** Baseline, extended and progressive Huffman frames (what the decoder reads; not lossless or arithmetic ones). */
const isFrameMarker = (marker: number) => marker === 0xc0 || marker === 0xc1 || marker === 0xc2;

/** Checks a DQT segment's tables: ids 0-3, 8- or 16-bit values, lengths adding up. Returns the ids defined. */
function quantTables(body: Buffer): number[] | null {
  const ids: number[] = [];
  let at = 0;
  while (at < body.length) {
    const precision = body[at] >> 4;
    const id = body[at] & 0x0f;
    if (precision > 1 || id > 3) return null;
    at += 1 + 64 * (precision + 1);
    ids.push(id);
  }
  return at === body.length ? ids : null;
}

/** Checks a DHT segment's tables: class 0-1, ids 0-3, symbol counts adding up to its length. Returns "class:id"s. */
function huffmanTables(body: Buffer): string[] | null {
  const ids: string[] = [];
  let at = 0;
  while (at < body.length) {
    if (at + 17 > body.length) return null;
    const tableClass = body[at] >> 4;
    const id = body[at] & 0x0f;
    if (tableClass > 1 || id > 3) return null;
    let symbols = 0;
    for (let i = 1; i <= 16; i++) symbols += body[at + i];
    if (symbols === 0 || symbols > 256) return null;
    at += 17 + symbols;
    ids.push(`${tableClass}:${id}`);
  }
  return at === body.length ? ids : null;
}

export function isWellFormedJpeg(bytes: Buffer): boolean {
  if (bytes.length < 128 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  const quant = new Set<number>();
  const huffman = new Set<string>();
  let frame: { components: Map<number, number>; progressive: boolean } | null = null;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker !== 0xda && !isKnownSegment(marker)) return false;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    const body = bytes.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xdb) {
      const ids = quantTables(body);
      if (!ids) return false;
      ids.forEach((id) => quant.add(id));
    } else if (marker === 0xc4) {
      const ids = huffmanTables(body);
      if (!ids) return false;
      ids.forEach((id) => huffman.add(id));
    } else if (isFrameMarker(marker)) {
      if (frame || body.length < 6) return false;
      const precision = body[0];
      const height = body.readUInt16BE(1);
      const width = body.readUInt16BE(3);
      const count = body[5];
      if (precision !== 8 || !width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || ![1, 3].includes(count) || body.length !== 6 + 3 * count) return false;
      const components = new Map<number, number>();
      for (let i = 0; i < count; i++) {
        const sampling = body[7 + 3 * i];
        const table = body[8 + 3 * i];
        if (sampling >> 4 < 1 || sampling >> 4 > 4 || (sampling & 0x0f) < 1 || (sampling & 0x0f) > 4 || !quant.has(table)) return false;
        components.set(body[6 + 3 * i], table);
      }
      if (components.size !== count) return false;
      frame = { components, progressive: marker === 0xc2 };
    } else if (marker === 0xda) {
      if (!frame || body.length < 1) return false;
      const count = body[0];
      if (count < 1 || count > frame.components.size || body.length !== 4 + 2 * count) return false;
      for (let i = 0; i < count; i++) {
        const tables = body[2 + 2 * i];
        if (!frame.components.has(body[1 + 2 * i]) || !huffman.has(`0:${tables >> 4}`) || (!frame.progressive && !huffman.has(`1:${tables & 0x0f}`))) return false;
      }
      // The scan follows; the file must end with its end-of-image marker (a little trailing padding allowed).
      const tail = bytes.subarray(Math.max(offset, bytes.length - 64));
      return tail.includes(Buffer.from([0xff, 0xd9])) && bytes.length - offset > 64;
    }
    offset += 2 + length;
  }
  return false;
}
