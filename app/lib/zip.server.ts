/**
 * A minimal ZIP writer (decision 049): files STORED, not compressed, since what it packs (page images: PNG, JPEG) is
 * compressed already. No dependency: node's zlib.crc32 (node >= 20.15) gives the checksums. Names are UTF-8 (flag bit
 * 11); sizes stay under 4 GiB (no ZIP64), which a bill's pages always do.
 */
import { crc32 } from "node:zlib";

export interface ZipEntry {
  name: string;
  content: Buffer;
}

const UTF8_FLAG = 0x0800;
/** 1980-01-01 00:00 in DOS time and date: entries carry no meaningful time. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export function zipStored(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(entry.content) >>> 0;
    const size = entry.content.byteLength;
    if (size > 0xfffffffe || offset > 0xfffffffe) throw new Error("zip too large");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by
    header.writeUInt16LE(20, 6); // needed
    header.writeUInt16LE(UTF8_FLAG, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_TIME, 12);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.byteLength, 28);
    // extra, comment, disk, internal and external attributes: 0
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.content);
    central.push(header, name);
    offset += local.byteLength + name.byteLength + size;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
