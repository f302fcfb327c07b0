/**
 * The top of /account (p1 §2 Account screen): the PayID or working-capital account with Withdraw and Topup, or
 * "Activate Account" while the company has no SYSTEM account (p1 §4); then Cash Reserve and Funds Available (D4).
 * Buttons are links to route dialogs (docs/decisions/007), so they work without JavaScript.
 */
import { Link } from "@remix-run/react";
import { ArrowDownToLine, ArrowUpFromLine, Landmark } from "~/components/ui/icons";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { AccountOverview } from "~/modules/ledger/account.server";

/** `/account/<dialog>` keeping the list's query, so closing the dialog returns to the same page. */
export function accountDialogHref(dialog: "activate" | "topup" | "withdraw", search: string): string {
  return `/account/${dialog}${search ? `?${search}` : ""}`;
}

function SystemAccountCard({ overview, search }: { overview: AccountOverview; search: string }) {
  const account = overview.systemAccount;
  if (!account) {
    return (
      <Card className="flex flex-col sm:col-span-2">
        <CardHeader className="pb-3">
          <CardTitle className="text-base font-medium text-muted-foreground">{overview.activationLabel}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col items-start justify-between gap-4">
          <p className="text-sm text-muted-foreground">
            {overview.country === "AU"
              ? "Activate your account to get your Earlybird PayID, then top up and withdraw funds."
              : "Activate your account to get your Earlybird working capital account, then top up and withdraw funds."}
          </p>
          <Link to={accountDialogHref("activate", search)} preventScrollReset className={buttonVariants()}>
            Activate Account
          </Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col sm:col-span-2">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base font-medium text-muted-foreground">
          <Landmark aria-hidden className="size-4" />
          {account.label}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4">
        <div className="min-w-0">
          <p className={cn("text-lg font-semibold tracking-tight [overflow-wrap:anywhere]", !account.payId && "font-mono")} data-testid="system-account">
            {account.display}
          </p>
          <p className="truncate text-sm text-muted-foreground">{account.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={accountDialogHref("withdraw", search)} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            <ArrowUpFromLine aria-hidden className="size-4" />
            Withdraw
          </Link>
          <Link to={accountDialogHref("topup", search)} preventScrollReset className={buttonVariants()}>
            <ArrowDownToLine aria-hidden className="size-4" />
            Topup
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function FigureCard({ title, value, description, locale }: { title: string; value: Cents; description?: string; locale: AccountOverview["locale"] }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-1">
        <p className="text-2xl font-semibold tabular-nums tracking-tight">{formatMoney(value, locale)}</p>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardContent>
    </Card>
  );
}

export function AccountSummary({ overview, search }: { overview: AccountOverview; search: string }) {
  const { locale } = overview;
  return (
    <section aria-label="Account summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SystemAccountCard overview={overview} search={search} />
      <FigureCard title="Cash Reserve" value={overview.cashReserve} locale={locale} description="Held for your live offer" />
      <FigureCard
        title="Funds Available"
        value={overview.fundsAvailable}
        locale={locale}
        description={`Balance ${formatMoney(overview.balance, locale)} less Cash Reserve`}
      />
    </section>
  );
}
