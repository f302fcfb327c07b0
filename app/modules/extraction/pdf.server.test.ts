import { readFileSync } from "node:fs";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPdf, renderPdfPage } from "./pdf.server";

/** The share of the page's pixels that are dark (ink). */
async function inkShare(png: Buffer): Promise<number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
  return dark / (image.width * image.height);
}

afterEach(() => vi.restoreAllMocks());

describe("rendering a PDF page (pdf.js with the transferToFixedLength polyfill)", () => {
  it("draws the page's text: not blank, and pdf.js warns of nothing", async () => {
    const warn = vi.spyOn(console, "log");
    const warnings = vi.spyOn(console, "warn");
    const pdf = await openPdf(readFileSync("fixtures/documents/kiwi-inv-20431.pdf"));
    const png = await renderPdfPage(pdf, 1);
    await pdf.destroy();
    const image = await loadImage(png);
    expect([image.width, image.height]).toEqual([1190, 1683]);
    // Without the polyfill on Node 20 the page comes out white (0 ink) and pdf.js warns "transferToFixedLength".
    expect(await inkShare(png)).toBeGreaterThan(0.005);
    const logged = [...warn.mock.calls, ...warnings.mock.calls].flat().join(" ");
    expect(logged).not.toMatch(/transferToFixedLength/);
  });
  it("leaves the caller's buffer whole (pdf.js detaches what it is given)", async () => {
    const bytes = readFileSync("fixtures/documents/kiwi-inv-20431.pdf");
    const length = bytes.length;
    const pdf = await openPdf(bytes);
    await pdf.destroy();
    expect(bytes.length).toBe(length);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
