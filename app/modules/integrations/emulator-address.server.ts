/**
 * Where the Xero and MYOB emulator listens, for every process that talks to the providers while their base addresses
 * are unset (decisions D7). The web server runs the emulator (server.ts) and registers it here; other processes (the
 * CLI, a Bree worker thread, a second web process) read `<EARLYBIRD_DATA_DIR>/accounting-emulator.json`, which the
 * server writes when the emulator starts and removes when it stops (the same pattern as the built-in mailbox).
 */
import fs from "node:fs";
import path from "node:path";
import { logger } from "../../lib/logger.server";

interface PublishedEmulator {
  url: string;
  pid: number;
}

let running: { url: string } | undefined;

export function emulatorAddressFile(): string {
  return path.join(path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data"), "accounting-emulator.json");
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Records the emulator running in this process and, with `publish`, tells other processes. Returns the undo. */
export function registerRunningEmulator(url: string, options: { publish: boolean }): () => void {
  running = { url };
  const file = emulatorAddressFile();
  let published = false;
  if (options.publish) {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const entry: PublishedEmulator = { url, pid: process.pid };
      fs.writeFileSync(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
      published = true;
    } catch (error) {
      logger.warn({ err: error }, `Could not publish the accounting emulator in ${file}: other processes will not find it.`);
    }
  }
  return () => {
    if (running?.url === url) running = undefined;
    if (published && readPublished(file)?.url === url) fs.rmSync(file, { force: true });
  };
}

function readPublished(file: string): PublishedEmulator | null {
  try {
    const entry = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<PublishedEmulator>;
    if (typeof entry.url !== "string" || typeof entry.pid !== "number") return null;
    return { url: entry.url, pid: entry.pid };
  } catch {
    return null;
  }
}

/** The emulator's base address (http://127.0.0.1:PORT), or null when none runs for this data directory. */
export function localEmulatorUrl(): string | null {
  if (running) return running.url;
  const entry = readPublished(emulatorAddressFile());
  if (!entry || !alive(entry.pid)) return null;
  // Only ever a loopback address: the file is not a way to send tokens elsewhere.
  return /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(entry.url) ? entry.url : null;
}
