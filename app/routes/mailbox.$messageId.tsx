import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft, Paperclip } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { z } from "zod";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireMailboxAccess } from "~/web/mailbox-access.server";
import { CHANNEL_LABELS } from "~/modules/notifications/schema";
import { getMailboxMessage } from "~/modules/notifications/service.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";

export const handle: PageHandle = { title: "Message", breadcrumb: [{ label: "Mailbox", to: "/mailbox" }] };
export const meta = titleMeta;

const ParamsSchema = z.object({ messageId: IdSchema });

export async function loader({ params, context }: LoaderFunctionArgs) {
  requireMailboxAccess(context.ip);
  const { messageId } = parseParams(params, ParamsSchema);
  return json({ message: await getMailboxMessage(messageId).catch(pageError) });
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * An e-mail's HTML is shown only inside a sandboxed frame (sandbox="": no scripts, no forms, no same-origin access,
 * and the page's CSP still applies), never injected into this page.
 */
function HtmlBody({ html }: { html: string }) {
  return (
    <iframe title="HTML version of the message" sandbox="" srcDoc={html} referrerPolicy="no-referrer" className="h-[32rem] w-full rounded-lg border bg-white" />
  );
}

/** The links in a text body made clickable (http and https only; React escapes the rest). */
function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    // Sentence punctuation after a link is not part of it.
    const url = match[0].replace(/[.,;:!?)\]]+$/, "");
    const start = match.index ?? 0;
    parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} rel="noreferrer" className="break-all font-medium text-primary underline underline-offset-2">
        {url}
      </a>
    );
    last = start + url.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

export default function MailboxMessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const isSms = message.channel === "SMS";
  const title = isSms ? `SMS to ${message.toAddress}` : message.subject || "(no subject)";

  return (
    <div className="space-y-6">
      <Link
        to="/mailbox"
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to mailbox
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">Message</h1>

      <Card>
        <CardHeader className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={isSms ? "info" : "secondary"}>{CHANNEL_LABELS[message.channel]}</Badge>
            {message.htmlBody ? <Badge variant="outline">HTML</Badge> : null}
          </div>
          <CardTitle className="break-words text-lg leading-7">{title}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            {message.fromAddress ? <Field label="From">{message.fromAddress}</Field> : null}
            <Field label="To">{message.headerTo ?? message.toAddress}</Field>
            {message.headerCc ? <Field label="Cc">{message.headerCc}</Field> : null}
            {message.headerTo && !message.headerTo.toLowerCase().includes(message.toAddress) ? <Field label="Delivered to">{message.toAddress}</Field> : null}
            <Field label="Received">
              <time dateTime={message.createdAt}>{message.receivedAt}</time>
            </Field>
            {message.messageId ? (
              <Field label="Message-ID">
                <span className="font-mono text-xs">{message.messageId}</span>
              </Field>
            ) : null}
            {message.attachments.length ? (
              <Field label="Attachments">
                <ul className="space-y-1">
                  {message.attachments.map((attachment, index) => (
                    <li key={`${attachment.fileName}-${index}`} className="flex items-center gap-1.5">
                      <Paperclip className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="break-all">{attachment.fileName ?? "(unnamed)"}</span>
                      <span className="text-muted-foreground">
                        {attachment.contentType}, {formatSize(attachment.sizeBytes)}
                      </span>
                    </li>
                  ))}
                </ul>
              </Field>
            ) : null}
          </dl>
        </CardContent>
      </Card>

      <section aria-labelledby="message-body" className="space-y-3">
        <h2 id="message-body" className="text-base font-semibold">
          {isSms ? "Text" : "Message"}
        </h2>
        {message.textBody ? (
          <pre className="whitespace-pre-wrap break-words rounded-lg border bg-card p-4 font-sans text-sm leading-6">
            <LinkedText text={message.textBody} />
          </pre>
        ) : message.htmlBody ? (
          <>
            <p className="text-sm text-muted-foreground">This e-mail has no text part; its HTML is shown in a frame without scripts.</p>
            <HtmlBody html={message.htmlBody} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">This message has no text.</p>
        )}
        {message.textBody && message.htmlBody ? (
          <details className="rounded-lg border bg-card">
            <summary className="cursor-pointer rounded-lg px-4 py-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              HTML version
            </summary>
            <div className="p-4 pt-0">
              <HtmlBody html={message.htmlBody} />
            </div>
          </details>
        ) : null}
      </section>
    </div>
  );
}
