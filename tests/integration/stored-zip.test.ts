import { describe, expect, it } from "vitest";
import { zipStored } from "../../app/lib/zip.server";
import { readStoredZip } from "../../app/components/review/stored-zip";

describe("readStoredZip", () => {
  it("reads back the entries the pages.zip route writes, in order", () => {
    const pages = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), Buffer.alloc(70_000, 7)];
    const zip = zipStored(pages.map((content, index) => ({ name: `page-${index + 1}.png`, content })));
    const buffer = zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength) as ArrayBuffer;
    const entries = readStoredZip(buffer);
    expect(entries.map((entry) => entry.name)).toEqual(["page-1.png", "page-2.png"]);
    expect(Buffer.from(entries[0].bytes)).toEqual(pages[0]);
    expect(Buffer.from(entries[1].bytes)).toEqual(pages[1]);
  });

  it("refuses what is not a zip", () => {
    expect(() => readStoredZip(new ArrayBuffer(40))).toThrow("not a zip");
  });
});
