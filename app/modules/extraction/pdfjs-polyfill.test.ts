import { describe, expect, it } from "vitest";
import { installTransferToFixedLength } from "./pdfjs-polyfill";

type Transferable = ArrayBuffer & { transferToFixedLength(length?: number): ArrayBuffer };

describe("ArrayBuffer.prototype.transferToFixedLength (pdf.js on Node 20)", () => {
  it("exists after the polyfill and keeps the bytes, detaching the old buffer", () => {
    installTransferToFixedLength();
    const buffer = new Uint8Array([1, 2, 3, 4]).buffer as Transferable;
    const moved = buffer.transferToFixedLength();
    expect([...new Uint8Array(moved)]).toEqual([1, 2, 3, 4]);
    expect(buffer.byteLength).toBe(0);
  });
  it("truncates or zero-extends to a new length", () => {
    const buffer = new Uint8Array([1, 2, 3, 4]).buffer as Transferable;
    expect([...new Uint8Array(buffer.transferToFixedLength(2))]).toEqual([1, 2]);
    const other = new Uint8Array([7]).buffer as Transferable;
    expect([...new Uint8Array(other.transferToFixedLength(3))]).toEqual([7, 0, 0]);
  });
});
