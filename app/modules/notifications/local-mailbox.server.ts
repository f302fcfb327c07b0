/**
 * Where the built-in mailbox's SMTP server listens, for every process that sends mail while SMTP_URL is unset.
 *
 * The web server runs the mailbox (server.ts). Its own code finds it in memory; other processes (the CLI, a Bree
 * worker thread, a second web process) read `<EARLYBIRD_DATA_DIR>/mailbox.json`, which the server writes when the
 * mailbox starts and removes when it stops, just as db/bootstrap.ts publishes the embedded database in `pg.url`.
 * The file is used only while the process that wrote it is alive and only by a process that uses the same
 * database, so a test run never delivers into a developer's running server. Without a usable mailbox, mail.server.ts
 * stores the message in mailbox_messages directly, where the mailbox page shows it all the same.
 */
import fs from "node:fs";
import path from "node:path";
import { logger } from "../../lib/logger.server";

interface PublishedMailbox {
  url: string;
  pid: number;
  /** host:port/database of the database the mailbox stores into (no credentials). */
  database: string | null;
}

let running: { url: string } | undefined;

export function mailboxFile(): string {
  // Read at call time, like db/bootstrap.ts: the CLI resolves EARLYBIRD_DATA_DIR against the project root first.
  return path.join(path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data"), "mailbox.json");
}

function databaseKey(url = process.env.DATABASE_URL): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Records the mailbox running in this process and, with `publish`, tells other processes. Returns the undo. */
export function registerRunningMailbox(url: string, options: { publish: boolean }): () => void {
  running = { url };
  const file = mailboxFile();
  let published = false;
  if (options.publish) {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const entry: PublishedMailbox = { url, pid: process.pid, database: databaseKey() };
      fs.writeFileSync(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
      published = true;
    } catch (error) {
      logger.warn({ err: error }, `Could not publish the built-in mailbox in ${file}: other processes will store their mail directly.`);
    }
  }
  return () => {
    if (running?.url === url) running = undefined;
    // Remove the file only if it is still ours: another server on the same data directory may have replaced it.
    if (published && readPublished(file)?.url === url) fs.rmSync(file, { force: true });
  };
}

function readPublished(file: string): PublishedMailbox | null {
  try {
    const entry = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<PublishedMailbox>;
    if (typeof entry.url !== "string" || typeof entry.pid !== "number") return null;
    return { url: entry.url, pid: entry.pid, database: typeof entry.database === "string" ? entry.database : null };
  } catch {
    return null;
  }
}

/** The SMTP URL of a built-in mailbox that stores into this process's database, or null when none runs. */
export function localMailboxUrl(): string | null {
  if (running) return running.url;
  const entry = readPublished(mailboxFile());
  if (!entry || !alive(entry.pid)) return null;
  if (entry.database !== databaseKey()) return null;
  // Only ever a loopback address: the file is not a way to send mail elsewhere.
  return /^smtp:\/\/127\.0\.0\.1:\d+$/.test(entry.url) ? entry.url : null;
}
