/**
 * The built-in mailbox for one integration test file: a data directory of the file's own (so the published
 * mailbox.json never touches a developer's .data), no SMTP_URL, and the mailbox's SMTP server on a free port, started
 * before the file's tests and stopped after them, when the database connection is closed too.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { sequelize } from "../../db/index";
import { MailboxMessage } from "../../db/models/index";
import { resetEnvCache } from "../../app/lib/env.server";
import { startMailbox, type MailboxHandle } from "../../app/modules/notifications/mailbox-server.server";
import { waitFor } from "./wait-for";

export interface TestMailbox {
  /** The SMTP address the mailbox listens on. */
  readonly url: string;
  /** The file's data directory (EARLYBIRD_DATA_DIR). */
  readonly dataDir: string;
  stop(): Promise<void>;
}

/** Registers the file's beforeAll / afterAll; call it at the top level of the test file. */
export function withBuiltInMailbox(name: string): TestMailbox {
  let handle: MailboxHandle | undefined;
  let dataDir = "";
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `earlybird-${name}-`));
    process.env.EARLYBIRD_DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    resetEnvCache();
    handle = await startMailbox({ port: 0 });
  });
  afterAll(async () => {
    await handle?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await sequelize.close();
  });
  return {
    get url() {
      if (!handle) throw new Error("The mailbox has not started yet");
      return handle.url;
    },
    get dataDir() {
      return dataDir;
    },
    stop: async () => {
      await handle?.stop();
    },
  };
}

/** The messages the mailbox received for `to` (over SMTP), oldest first, once there are at least `count`. */
export function mailTo(to: string, count: number, timeoutMs = 15_000): Promise<MailboxMessage[]> {
  return waitFor(
    `${count} message(s) to ${to}`,
    async () => {
      const rows = await MailboxMessage.findAll({ where: { toAddress: to }, order: [["id", "ASC"]] });
      return rows.length >= count ? rows : null;
    },
    timeoutMs
  );
}
