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
import path from "node:path";
import { isProcessAlive, publishAddress, readPublishedAddress } from "../../lib/published-address.server";

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

/** Records the mailbox running in this process and, with `publish`, tells other processes. Returns the undo. */
export function registerRunningMailbox(url: string, options: { publish: boolean }): () => void {
  running = { url };
  const unpublish = options.publish
    ? publishAddress(mailboxFile(), { url, database: databaseKey() }, "Could not publish the built-in mailbox: other processes will store their mail directly")
    : () => {};
  return () => {
    if (running?.url === url) running = undefined;
    unpublish();
  };
}

function readPublished(file: string): PublishedMailbox | null {
  const entry = readPublishedAddress(file);
  if (!entry) return null;
  return { url: entry.url, pid: entry.pid, database: typeof entry.database === "string" ? entry.database : null };
}

/** The SMTP URL of a built-in mailbox that stores into this process's database, or null when none runs. */
export function localMailboxUrl(): string | null {
  if (running) return running.url;
  const entry = readPublished(mailboxFile());
  if (!entry || !isProcessAlive(entry.pid)) return null;
  if (entry.database !== databaseKey()) return null;
  // Only ever a loopback address: the file is not a way to send mail elsewhere.
  return /^smtp:\/\/127\.0\.0\.1:\d+$/.test(entry.url) ? entry.url : null;
}
