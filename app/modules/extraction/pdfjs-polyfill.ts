/**
 * pdf.js (through unpdf) calls ArrayBuffer.prototype.transferToFixedLength, an ES2024 method that V8 ships from Node
 * 21 on. On Node 20 the call throws inside the page's operator list ("o.transferToFixedLength is not a function"),
 * pdf.js logs a warning and draws nothing: every rendered page came out blank. This adds the method with the
 * standard's meaning (a new buffer of the given length holding the old bytes; the old one detached when the length is
 * unchanged, as transfer does) when the runtime lacks it. Imported once by pdf.server.ts before pdf.js loads.
 */
type TransferableArrayBuffer = ArrayBuffer & { transferToFixedLength?: (newLength?: number) => ArrayBuffer };

export function installTransferToFixedLength(): void {
  const proto = ArrayBuffer.prototype as TransferableArrayBuffer;
  if (typeof proto.transferToFixedLength === "function") return;
  Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, newLength?: number): ArrayBuffer {
      const length = newLength ?? this.byteLength;
      if (length === this.byteLength) return structuredClone(this, { transfer: [this] });
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

installTransferToFixedLength();
