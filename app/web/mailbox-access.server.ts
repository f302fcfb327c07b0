import { MAILBOX_LOCAL_ONLY, mailboxAccess } from "~/lib/mailbox-access.server";
import { notFoundResponse } from "./http.server";

/**
 * For the mailbox pages' loaders (lib/mailbox-access.server.ts says who may read it): the Not Found page in
 * production, 403 with the reason (the mailbox layout's boundary shows it) to a visitor from another machine.
 */
export function requireMailboxAccess(clientIp: string | undefined | null): void {
  const access = mailboxAccess(clientIp);
  if (access === "not-here") throw notFoundResponse();
  if (access === "local-only") throw new Response(MAILBOX_LOCAL_ONLY, { status: 403 });
}
