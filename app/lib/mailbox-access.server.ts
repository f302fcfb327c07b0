import { BlockList, isIPv4 } from "node:net";
import { env, isProduction } from "./env.server";

/**
 * Who may read the built-in mailbox (decisions D7, docs/decisions/023 and 032). It shows every e-mail and SMS code the
 * installation sent, so: nobody in production (the pages do not exist); outside production, a visitor on this machine
 * (a loopback client address, as Express sees it: behind a proxy on this machine, the address the proxy forwards), or
 * anyone when MAILBOX_PUBLIC=true (a shared demo or test server whose mail is all made up).
 */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export function isLoopbackAddress(ip: string | undefined | null): boolean {
  if (!ip) return false;
  const mapped = ip.toLowerCase().startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return LOOPBACK.check(mapped, "ipv4");
  try {
    return LOOPBACK.check(ip, "ipv6");
  } catch {
    return false;
  }
}

export type MailboxAccess = "open" | "not-here" | "local-only";

export function mailboxAccess(clientIp: string | undefined | null): MailboxAccess {
  if (isProduction()) return "not-here";
  if (env().MAILBOX_PUBLIC || isLoopbackAddress(clientIp)) return "open";
  return "local-only";
}

export const MAILBOX_LOCAL_ONLY =
  "The mailbox is shown only on the machine Earlybird runs on (open it through localhost). To show it to other machines, start the server with MAILBOX_PUBLIC=true.";
