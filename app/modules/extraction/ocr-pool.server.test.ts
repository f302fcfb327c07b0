import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { closeOcrPool, ocrPoolSize, ocrPoolWorkers, recognise } from "./ocr-pool.server";

afterAll(() => closeOcrPool());

describe("the OCR pool", () => {
  it("is sized one worker per CPU beyond the first, at least one, at most the cap", () => {
    expect(ocrPoolSize(2, 2)).toBe(1);
    expect(ocrPoolSize(1, 2)).toBe(1);
    expect(ocrPoolSize(8, 2)).toBe(2);
    expect(ocrPoolSize(8, 4)).toBe(4);
    expect(ocrPoolSize(8, Number.NaN)).toBe(2);
  });

  it("reads a scan offline on a worker thread while the event loop keeps turning", async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 20);
    const result = await recognise(readFileSync("fixtures/documents/southern-sp-8861-scan.png"));
    clearInterval(ticker);
    expect(result.text).toContain("SP-8861");
    expect(result.text).toContain("$552.00");
    expect(result.confidencePercent).toBeGreaterThan(70);
    // Recognition itself takes over a second; the main thread never stalls for anything like it.
    expect(longestGap).toBeLessThan(400);
    expect(ocrPoolWorkers()).toBe(1);
    await closeOcrPool();
    expect(ocrPoolWorkers()).toBe(0);
  }, 60_000);
});
