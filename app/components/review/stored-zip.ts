/**
 * Reads the page images out of the zip of GET /bills/documents/:id/pages.zip (decision 049: STORED entries, no
 * compression, written by lib/zip.server.ts), in the browser, with no library: the central directory gives each entry's
 * name and where its bytes are. Anything else (a compressed entry, a broken file) throws.
 */
export interface StoredEntry {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function readStoredZip(buffer: ArrayBuffer): StoredEntry[] {
  const view = new DataView(buffer);
  let end = -1;
  for (let at = buffer.byteLength - 22; at >= Math.max(0, buffer.byteLength - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error("not a zip");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: StoredEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error("broken zip");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(new Uint8Array(buffer, at + 46, nameLength));
    if (method !== 0) throw new Error("compressed zip entry");
    if (view.getUint32(local, true) !== LOCAL) throw new Error("broken zip");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, bytes: new Uint8Array(buffer, start, size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
