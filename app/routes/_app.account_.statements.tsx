import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { useEffect } from "react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { StatementsTable } from "~/components/statements/statements-table";
import { buttonVariants } from "~/components/ui/button";
import { requireCompanyUser } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";
import { STATEMENT_MESSAGES } from "~/modules/statements/rules";
import { listStatements, requestStatement } from "~/modules/statements/service.server";
import { handleError, readForm } from "~/web/http.server";

export const handle: PageHandle = { title: "Statements", breadcrumb: [{ label: "Account", to: "/account" }] };

/** While a statement is generating, the page refreshes itself (every second with JS; a meta refresh without). */
export const meta: MetaFunction<typeof loader> = (args) => [
  ...titleMeta(args as never),
  ...(args.data?.list.rows.some((row) => row.status === "PENDING") ? [{ httpEquiv: "refresh", content: "2" }] : []),
];

/** /account/statements (issue 5 part 8): the monthly statements, 25 a page, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return json({ list: await listStatements(actor, { page: Number.isFinite(page) ? page : 1 }) });
}

/** Generate an ended month's statement (a queued job); the list shows it Generating, then Ready. */
export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const form = await readForm(request);
  const month = String(form.get("month") ?? "");
  try {
    await requestStatement(actor, { month });
    return redirectWithToast("/account/statements", { type: "success", message: STATEMENT_MESSAGES.generating });
  } catch (error) {
    // The month is a hidden field of a row's Generate button: its refusal is a toast over the list, not a field error.
    return handleError(error, { closeTo: "/account/statements", fields: "none" });
  }
}

export default function StatementsPage() {
  const { list } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const generating = list.rows.some((row) => row.status === "PENDING");
  useEffect(() => {
    if (!generating) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [generating, revalidator]);
  return (
    <div className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          A statement of your Earlybird account for each month: every movement of your funds, with fees and cashback.
        </p>
        <Link to="/account" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden className="size-4" />
          Back to Account
        </Link>
      </div>
      <StatementsTable list={list} />
    </div>
  );
}
