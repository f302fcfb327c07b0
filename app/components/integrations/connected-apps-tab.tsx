import { Form, Link, useNavigation } from "@remix-run/react";
import { CircleAlert, Link2, RefreshCw, Unplug } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { PROVIDER_LABELS, SYNC_DIRECTION_LABELS, SYNC_KIND_LABELS, SYNC_OUTCOME_LABELS, type ConnectedAppsView, type ProviderCard } from "./labels";
import { StatusBadge } from "~/components/ui/status-badge";

export const CONNECTED_APPS = "/settings?tab=connected-apps";

/**
 * Settings → Connected apps (p3 §2.2; issue 18 part 2): one card per accounting system the flags offer, Connect when
 * it is not connected, and when it is: the organisation, company file, dates, last error, mapping, Sync now and
 * Disconnect; below, the company's sync log. Every control is a plain form or link, so it works without JavaScript.
 */
export function ConnectedAppsTab({ data }: { data: ConnectedAppsView }) {
  return (
    <div className="space-y-6">
      {data.error ? (
        <Alert variant="destructive">{data.error}</Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {data.cards.map((card) => (
          <ProviderCardView key={card.key} card={card} canConnect={data.liveProvider === null} />
        ))}
      </div>
      <SyncLog log={data.log} />
    </div>
  );
}

function useSubmitting(intent: string, provider?: string) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formData?.get("intent") === intent &&
    (provider === undefined || navigation.formData?.get("provider") === provider)
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function ProviderCardView({ card, canConnect }: { card: ProviderCard; canConnect: boolean }) {
  const titleId = `connected-app-${card.key}`;
  return (
    <Card role="region" aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId} className="text-lg">
            {card.title}
          </CardTitle>
          {card.connection ? (
            <StatusBadge kind="connection" status={card.connection.status === "ERROR" ? "ERROR" : "CONNECTED"} />
          ) : (
            <StatusBadge kind="connection" status="DISCONNECTED" />
          )}
        </div>
        <CardDescription>{card.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        {card.connection ? (
          <>
            <dl className="space-y-1.5">
              {card.key === "myob" ? <Detail label="Product">{PROVIDER_LABELS[card.connection.provider]}</Detail> : null}
              <Detail label="Organisation">{card.connection.tenantName ?? "—"}</Detail>
              {card.connection.provider === "MYOB_ACCOUNT_RIGHT" ? (
                <Detail label="Company file">
                  {card.connection.companyFileName ?? (
                    <Link to="/settings/connect-business-account?config=myob-company-file" className="font-medium text-primary hover:underline">
                      Select a company file
                    </Link>
                  )}
                </Detail>
              ) : null}
              <Detail label="Connected since">{card.connection.connectedAt}</Detail>
              <Detail label="Last sync">{card.connection.lastSyncAt ?? "Not synced yet"}</Detail>
              <Detail label="Accounts">
                {card.connection.accountsConfigured ? "Fees, cashback income and bank account mapped" : "Not mapped yet"}{" "}
                <Link to="/settings/connect-business-account?config=map-accounts" className="font-medium text-primary hover:underline">
                  {card.connection.accountsConfigured ? "Change mapping" : "Map accounts"}
                </Link>
              </Detail>
            </dl>
            {card.connection.mappedAccounts.length ? (
              <ul className="space-y-1 rounded-md border bg-muted/40 p-3 text-sm" aria-label={`${card.title} mapped accounts`}>
                {card.connection.mappedAccounts.map((account) => (
                  <li key={account.label} className="flex flex-wrap justify-between gap-x-3">
                    <span className="text-muted-foreground">{account.label}</span>
                    <span className="font-medium">{account.value}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {card.connection.lastError ? (
              <Alert variant="destructive" className="flex gap-2">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>
                  <span className="font-medium">Last error: </span>
                  {card.connection.lastError}
                </span>
              </Alert>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{canConnect ? card.pitch : "Disconnect your other accounting system first: a company connects one at a time."}</p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {card.connection ? <ConnectedActions card={card} /> : <ConnectForm card={card} disabled={!canConnect} />}
      </CardFooter>
    </Card>
  );
}

function ConnectForm({ card, disabled }: { card: ProviderCard; disabled: boolean }) {
  const navigation = useNavigation();
  const connecting = useSubmitting("connect");
  const provider = navigation.formData?.get("provider");
  const mine = card.products.some((product) => product.value === provider);
  return (
    <Form method="post" action={CONNECTED_APPS} className="flex w-full flex-col items-start gap-4">
      <input type="hidden" name="intent" value="connect" />
      {card.products.length > 1 ? (
        <fieldset className="flex min-w-0 flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-2 text-sm font-medium">Which {card.title} do you use?</legend>
          {card.products.map((product, index) => (
            <label key={product.value} className="flex cursor-pointer items-center gap-2 whitespace-nowrap text-sm">
              <input type="radio" name="provider" value={product.value} defaultChecked={index === 0} disabled={disabled} />
              {product.label}
            </label>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="provider" value={card.products[0]?.value} />
      )}
      <Button type="submit" disabled={disabled || connecting} className="gap-2">
        <Link2 className="size-4" aria-hidden />
        {connecting && mine ? "Connecting…" : `Connect to ${card.title}`}
      </Button>
    </Form>
  );
}

function ConnectedActions({ card }: { card: ProviderCard }) {
  const syncing = useSubmitting("sync");
  const connecting = useSubmitting("connect");
  const connection = card.connection!;
  return (
    <>
      {connection.status === "ERROR" ? (
        // The grant was refused (revoked in the books, refresh token expired): connect the same product again.
        <Form method="post" action={CONNECTED_APPS}>
          <input type="hidden" name="intent" value="connect" />
          <input type="hidden" name="provider" value={connection.provider} />
          <Button type="submit" disabled={connecting} className="gap-2">
            <Link2 className="size-4" aria-hidden />
            {connecting ? "Connecting…" : `Reconnect ${card.title}`}
          </Button>
        </Form>
      ) : null}
      <Form method="post" action={CONNECTED_APPS}>
        <input type="hidden" name="intent" value="sync" />
        <Button type="submit" variant="outline" disabled={syncing || connection.status !== "CONNECTED"} className="gap-2">
          <RefreshCw className={cn("size-4", syncing && "animate-spin")} aria-hidden />
          {syncing ? "Starting…" : "Sync now"}
        </Button>
      </Form>
      <Link to={`/settings/connected-apps/${connection.slug}/disconnect`} preventScrollReset className={buttonVariants({ variant: "outline", className: "gap-2 text-destructive" })}>
        <Unplug className="size-4" aria-hidden />
        Disconnect
      </Link>
    </>
  );
}

function SyncLog({ log }: { log: ConnectedAppsView["log"] }) {
  const pageLink = (page: number) => `${CONNECTED_APPS}${page > 0 ? `&logPage=${page}` : ""}#sync-log`;
  return (
    <section aria-labelledby="sync-log-title" id="sync-log" className="space-y-3">
      <h2 id="sync-log-title" className="text-lg font-semibold">
        Sync log
      </h2>
      <Card>
        <Table aria-labelledby="sync-log-title">
          <TableHeader>
            <TableRow>
              <TableHead className="whitespace-nowrap">Time</TableHead>
              <TableHead>App</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Outcome</TableHead>
              <TableHead className="w-1/2">Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.events.length === 0 ? (
              <TableEmpty colSpan={5}>Nothing synced yet. Connect an app and its records load here.</TableEmpty>
            ) : (
              log.events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell label="Time" className="whitespace-nowrap tabular-nums">{event.at}</TableCell>
                  <TableCell label="App" className="whitespace-nowrap">{PROVIDER_LABELS[event.provider]}</TableCell>
                  <TableCell label="What">
                    {SYNC_KIND_LABELS[event.kind]}
                    <span className="block text-xs text-muted-foreground">{SYNC_DIRECTION_LABELS[event.direction]}</span>
                  </TableCell>
                  <TableCell label="Outcome">
                    <Badge variant={event.outcome === "FAILED" ? "destructive" : event.outcome === "RETRYING" ? "warning" : "secondary"}>{SYNC_OUTCOME_LABELS[event.outcome]}</Badge>
                  </TableCell>
                  <TableCell label="Details" className="break-words [overflow-wrap:anywhere]">
                    {event.message ?? ""}
                    {event.externalId ? <span className="block break-all text-xs text-muted-foreground">{event.externalId}</span> : null}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Card>
      {log.page > 0 || log.hasMore ? (
        <nav aria-label="Sync log pages" className="flex items-center justify-end gap-2 text-sm">
          {log.page > 0 ? (
            <Link to={pageLink(log.page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Newer
            </Link>
          ) : null}
          <span className="text-muted-foreground">Page {log.page + 1}</span>
          {log.hasMore ? (
            <Link to={pageLink(log.page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
