/**
 * A local service's address published for other processes on this machine (the built-in mailbox, the accounting
 * emulator): a small JSON file in EARLYBIRD_DATA_DIR holding the address and the pid of the process serving it, which
 * readers trust only while that process is alive.
 */
import fs from "node:fs";
import path from "node:path";
import { logger } from "./logger.server";

export interface PublishedAddress {
  url: string;
  pid: number;
  [extra: string]: unknown;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Writes `entry` (with this process's pid) to `file`. Returns the undo, which removes the file only if it still holds
 * this address: another server on the same data directory may have replaced it.
 */
export function publishAddress(file: string, entry: { url: string; [extra: string]: unknown }, failure: string): () => void {
  let published = false;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ ...entry, pid: process.pid })}\n`, { mode: 0o600 });
    published = true;
  } catch (error) {
    logger.warn({ err: error }, `${failure} (${file})`);
  }
  return () => {
    if (published && readPublishedAddress(file)?.url === entry.url) fs.rmSync(file, { force: true });
  };
}

export function readPublishedAddress(file: string): PublishedAddress | null {
  try {
    const entry = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<PublishedAddress>;
    if (typeof entry.url !== "string" || typeof entry.pid !== "number") return null;
    return entry as PublishedAddress;
  } catch {
    return null;
  }
}
