import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireMailboxAccess } from "~/web/mailbox-access.server";
import { CHANNEL_LABELS, ListMailboxSchema, MAILBOX_PAGE_SIZE } from "~/modules/notifications/schema";
import { listMailbox } from "~/modules/notifications/service.server";

export const handle: PageHandle = { title: "Mailbox" };
export const meta = titleMeta;

/** The built-in mailbox (decisions D7): e-mail and SMS kept on this installation while SMTP_URL is unset. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Outside production, for this machine or with MAILBOX_PUBLIC=true (mailbox.tsx); in production not a page, for anyone.
  requireMailboxAccess(context.ip);
  const search = new URL(request.url).searchParams;
  const filters = ListMailboxSchema.parse({
    channel: search.get("channel") ?? undefined,
    to: search.get("to") ?? undefined,
    limit: search.get("limit") ?? undefined,
  });
  const messages = await listMailbox(filters);
  return json({ messages, channel: filters.channel ?? "", to: search.get("to")?.trim() ?? "", limit: filters.limit });
}

const MAX_LIMIT = 500;

export default function MailboxPage() {
  const { messages, channel, to, limit } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === "/mailbox";
  const filtered = Boolean(channel || to);
  const more = new URLSearchParams({ ...(channel ? { channel } : {}), ...(to ? { to } : {}), limit: String(Math.min(limit + MAILBOX_PAGE_SIZE, MAX_LIMIT)) });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Mailbox</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">
        E-mail and SMS that Earlybird sent while no outside mail server is configured (SMTP_URL unset), newest first. Nothing here has left this machine. This
        page does not exist in production.
      </p>

      {/* A plain GET form: the filters live in the URL and work without JavaScript. */}
      <Form method="get" action="/mailbox" role="search" aria-label="Filter messages" className="flex flex-wrap items-end gap-3">
        <div className="space-y-2">
          <Label htmlFor="mailbox-channel">Channel</Label>
          <select
            id="mailbox-channel"
            name="channel"
            defaultValue={channel}
            key={`channel-${channel}`}
            className="flex h-10 w-40 rounded-md border border-input bg-background px-3 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <option value="">All</option>
            <option value="EMAIL">{CHANNEL_LABELS.EMAIL}</option>
            <option value="SMS">{CHANNEL_LABELS.SMS}</option>
          </select>
        </div>
        <div className="w-full space-y-2 sm:w-80">
          <Label htmlFor="mailbox-to">Recipient</Label>
          <Input
            id="mailbox-to"
            name="to"
            type="search"
            defaultValue={to}
            key={`to-${to}`}
            placeholder="Address or phone number, or part of it"
            autoComplete="off"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary" disabled={filtering}>
            {filtering ? "Filtering…" : "Filter"}
          </Button>
          {filtered ? (
            <Link to="/mailbox" className={buttonVariants({ variant: "ghost" })}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      <Table aria-label="Messages" className="table-fixed">
        <colgroup>
          <col className="w-24" />
          <col className="w-[32%]" />
          <col />
          <col className="w-36" />
        </colgroup>
        <TableHeader>
          <TableRow>
            <TableHead>Channel</TableHead>
            <TableHead>To</TableHead>
            <TableHead>Subject or message</TableHead>
            <TableHead>Received</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {messages.length === 0 ? (
            <TableEmpty colSpan={4}>{filtered ? "No messages match these filters" : "No messages yet"}</TableEmpty>
          ) : (
            messages.map((message) => {
              const title = message.channel === "SMS" ? message.preview : message.subject || "(no subject)";
              return (
                <TableRow key={message.id}>
                  <TableCell label="Channel">
                    <Badge variant={message.channel === "SMS" ? "info" : "secondary"}>{CHANNEL_LABELS[message.channel]}</Badge>
                  </TableCell>
                  <TableCell label="To" className="break-all font-medium">
                    {message.toAddress}
                  </TableCell>
                  <TableCell label="Subject or message">
                    <Link
                      to={`/mailbox/${message.id}`}
                      className="line-clamp-2 break-words rounded-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {title || "(empty)"}
                    </Link>
                    {message.channel === "EMAIL" && message.preview ? <p className="mt-0.5 truncate text-xs text-muted-foreground">{message.preview}</p> : null}
                  </TableCell>
                  <TableCell label="Received" className="text-muted-foreground">
                    {/* Date over time, so the column stays narrow at 800 px. */}
                    <time dateTime={message.createdAt} className="flex flex-col whitespace-nowrap leading-5">
                      <span>{message.receivedAt.slice(0, 11)}</span>
                      <span className="text-xs">{message.receivedAt.slice(12)}</span>
                    </time>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>

      {messages.length >= limit && limit < MAX_LIMIT ? (
        <p className="text-sm text-muted-foreground">
          Showing the newest {limit}.{" "}
          <Link to={`/mailbox?${more}`} className="font-medium text-primary hover:underline">
            Show more
          </Link>
        </p>
      ) : null}
    </div>
  );
}
