/**
 * Where the Xero and MYOB emulator listens, for every process that talks to the providers while their base addresses
 * are unset (decisions D7). The web server runs the emulator (server.ts) and registers it here; other processes (the
 * CLI, a Bree worker thread, a second web process) read `<EARLYBIRD_DATA_DIR>/accounting-emulator.json`, which the
 * server writes when the emulator starts and removes when it stops (the same pattern as the built-in mailbox).
 */
import path from "node:path";
import { isProcessAlive, publishAddress, readPublishedAddress } from "../../lib/published-address.server";

let running: { url: string } | undefined;

export function emulatorAddressFile(): string {
  return path.join(path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data"), "accounting-emulator.json");
}

/** Records the emulator running in this process and, with `publish`, tells other processes. Returns the undo. */
export function registerRunningEmulator(url: string, options: { publish: boolean }): () => void {
  running = { url };
  const unpublish = options.publish ? publishAddress(emulatorAddressFile(), { url }, "Could not publish the accounting emulator: other processes will not find it") : () => {};
  return () => {
    if (running?.url === url) running = undefined;
    unpublish();
  };
}

/** The emulator's base address (http://127.0.0.1:PORT), or null when none runs for this data directory. */
export function localEmulatorUrl(): string | null {
  if (running) return running.url;
  const entry = readPublishedAddress(emulatorAddressFile());
  if (!entry || !isProcessAlive(entry.pid)) return null;
  // Only ever a loopback address: the file is not a way to send tokens elsewhere.
  return /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(entry.url) ? entry.url : null;
}
