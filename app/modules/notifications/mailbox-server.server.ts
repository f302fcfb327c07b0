/**
 * The built-in mailbox's SMTP server (decisions D7): the default e-mail destination while SMTP_URL is unset.
 * It listens on 127.0.0.1 only, takes mail without authentication or TLS (nothing leaves the machine), parses each
 * message and stores it in mailbox_messages, one row per recipient. The mailbox page (/mailbox) shows what it holds.
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { env } from "../../lib/env.server";
import { isAppError } from "../../lib/errors";
import { registerRunningMailbox } from "./local-mailbox.server";
import { storeEmailRows } from "./mailbox-store.server";
import { isLoopbackAddress } from "./rules";
import { MAILBOX_SIZE_LIMIT } from "./schema";

export interface MailboxHandle {
  /** smtp://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

/**
 * Mail for the companies' inbound bill addresses (issue 16, decision 042), handled by the documents module: the mailbox
 * knows only this interface (a lower module never imports a higher one). Addresses it does not handle are kept as today.
 */
export interface InboundMail {
  /** Whether the address is of the inbound domain. */
  handles(address: string): boolean;
  /** Whether such an inbound address exists: an unknown one is refused at RCPT with 550. */
  exists(address: string): Promise<boolean>;
  /** Called once the message is stored, with the rows of its inbound recipients; a throw answers 451 (the sender retries). */
  receive(message: { raw: Buffer; envelopeFrom: string | null; recipients: { address: string; mailboxMessageId: number }[] }): Promise<void>;
}

export interface MailboxOptions {
  /** The inbound bill mail (server.ts passes the documents module's); without it every address is kept as mail. */
  inbound?: InboundMail;
  /** Default SMTP_PORT (0: a free port). */
  port?: number;
  /** Write <EARLYBIRD_DATA_DIR>/mailbox.json so the CLI and job workers deliver here (default true; tests turn it off). */
  publish?: boolean;
  logger?: Pick<Console, "error">;
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

export async function startMailbox(options: MailboxOptions = {}): Promise<MailboxHandle> {
  const config = env();
  if (config.SMTP_URL) throw new Error("The built-in mailbox only runs when SMTP_URL is unset");
  const logger = options.logger ?? console;

  const server = new SMTPServer({
    name: "earlybird-mailbox",
    banner: "Earlybird built-in mailbox",
    // Loopback only, so no AUTH and no STARTTLS (which would also use smtp-server's published test certificate).
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    size: MAILBOX_SIZE_LIMIT,
    rejectOversized: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 5_000,
    onConnect(session, callback) {
      // Defence in depth: the socket is bound to 127.0.0.1 anyway.
      callback(isLoopbackAddress(session.remoteAddress) ? null : smtpError(554, "The Earlybird mailbox accepts mail from this machine only"));
    },
    onRcptTo(address, _session, callback) {
      const inbound = options.inbound;
      if (!inbound?.handles(address.address)) return callback();
      inbound.exists(address.address).then(
        (exists) => callback(exists ? undefined : smtpError(550, `No such mailbox: ${address.address}`)),
        (error: unknown) => {
          logger.error("The built-in mailbox could not look up an inbound address:", error);
          callback(smtpError(451, "The mailbox could not check the address, try again later"));
        }
      );
    },
    onData(stream, session, callback) {
      void receive(stream, session, options.inbound)
        .then(() => callback())
        .catch((error: unknown) => {
          if (isAppError(error) && error.code === "MESSAGE_TOO_LARGE") return callback(smtpError(552, error.message));
          logger.error("The built-in mailbox could not store a message:", error);
          callback(smtpError(451, "The mailbox could not store the message, try again later"));
        });
    },
  });

  const port = options.port ?? config.SMTP_PORT;
  let listening = false;
  const started = new Promise<void>((resolve, reject) => {
    // smtp-server re-emits socket and listen errors on itself: without a listener they would crash the process.
    server.on("error", (error: NodeJS.ErrnoException) => {
      if (listening) return logger.error("Built-in mailbox:", error);
      reject(error.code === "EADDRINUSE" ? new Error(`SMTP_PORT ${port} is already in use: set SMTP_PORT to another port, or 0 for a free one.`) : error);
    });
    server.server.once("listening", () => {
      listening = true;
      resolve();
    });
  });
  server.listen(port, "127.0.0.1");
  await started;

  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("The built-in mailbox has no TCP address");
  const url = `smtp://127.0.0.1:${address.port}`;
  const unregister = registerRunningMailbox(url, { publish: options.publish ?? true });

  let stopping: Promise<void> | undefined;
  return {
    url,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        unregister();
        server.close(() => resolve());
      });
      return stopping;
    },
  };
}

/** Buffers the message (no more than the limit, the rest is drained) and stores it once the client has sent it all. */
function receive(stream: SMTPServerDataStream, session: SMTPServerSession, inbound: InboundMail | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    stream.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received <= MAILBOX_SIZE_LIMIT) chunks.push(chunk);
    });
    stream.once("error", reject);
    stream.once("end", () => {
      // rejectOversized makes the server answer 552 itself; nothing is stored.
      if (stream.sizeExceeded || received > MAILBOX_SIZE_LIMIT) return resolve();
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      const raw = Buffer.concat(chunks);
      storeEmailRows(raw, envelope)
        .then(async (rows) => {
          const recipients = inbound ? rows.filter((row) => inbound.handles(row.toAddress)).map((row) => ({ address: row.toAddress, mailboxMessageId: row.id })) : [];
          if (inbound && recipients.length) await inbound.receive({ raw, envelopeFrom: envelope.from, recipients });
        })
        .then(() => resolve(), reject);
    });
  });
}
