/** Image files (JPEG, PNG): sniffing by content and conversion to the PNG stored as the document's page. */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { isWellFormedJpeg, isWellFormedPng } from "./image-structure";

export type SniffedType = "application/pdf" | "image/jpeg" | "image/png";

/** The file's type by its first bytes, whatever its name says. */
export function sniffMimeType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  // Some producers put a few bytes (a BOM, whitespace) before the header; pdf.js accepts it within the first 1 kB.
  if (bytes.subarray(0, 1024).includes("%PDF-", 0, "latin1")) return "application/pdf";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  return null;
}

/** Decodes the image (throws on a broken one) and returns it as PNG with its size. */
export async function imageAsPng(bytes: Buffer, mimeType: "image/jpeg" | "image/png"): Promise<{ png: Buffer; width: number; height: number }> {
  // Never hand the native decoder an image it cannot decode: it crashes the process (image-structure.ts).
  const wellFormed = mimeType === "image/png" ? isWellFormedPng(bytes) : isWellFormedJpeg(bytes);
  if (!wellFormed) throw new Error(`The ${mimeType === "image/png" ? "PNG" : "JPEG"} file is damaged`);
  const image = await loadImage(bytes);
  if (!image.width || !image.height) throw new Error("The image has no pixels");
  if (mimeType === "image/png") return { png: bytes, width: image.width, height: image.height };
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext("2d").drawImage(image, 0, 0);
  return { png: canvas.toBuffer("image/png"), width: image.width, height: image.height };
}
