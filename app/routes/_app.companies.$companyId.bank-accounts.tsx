import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ChevronLeft } from "~/components/ui/icons";
import { z } from "zod";
import { AdminBankAccountCard, RejectBankAccountDialog } from "~/components/banking/admin-bank-accounts";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { requireAdmin } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";
import { REVIEW_DECISIONS } from "~/modules/banking/schema";
import { getCompanyBankAccountsForAdmin, reviewBankAccount } from "~/modules/banking/service.server";
import { handleError, IdSchema, pageError, parseParams, readForm } from "~/web/http.server";

export const handle: PageHandle = {
  title: "Bank Accounts",
  breadcrumb: [{ label: "Bank Accounts", to: "/bank-accounts" }],
  titleFromData: (data) => {
    const name = (data as { company?: { companyName?: string } } | undefined)?.company?.companyName;
    return name ? `${name} bank accounts` : "Bank Accounts";
  },
};
export const meta = titleMeta;

/**
 * /companies/{id}/bank-accounts (p3 §2.3): the statement viewer. Approve → VERIFIED and Reject → VERIFICATION_FAILED,
 * offered (and accepted by the server) only while an account is VERIFICATION_PENDING with a statement (p3 §4.4).
 */
const Params = z.object({ companyId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, Params);
  return json(await getCompanyBankAccountsForAdmin(actor, companyId).catch(pageError));
}

const ReviewSchema = z.object({ bankAccountId: z.string(), decision: z.enum(REVIEW_DECISIONS) });

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, Params);
  const back = `/companies/${companyId}/bank-accounts`;
  const form = await readForm(request);
  const parsed = ReviewSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirectWithToast(back, { type: "error", message: "Required parameters missing" });
  // Reject only from its confirmation (decision 068): any other post is shown it first.
  if (parsed.data.decision === "REJECT" && form.get("confirmed") !== "1") return redirect(`${back}?reject=${encodeURIComponent(parsed.data.bankAccountId)}`);
  try {
    const account = await reviewBankAccount(actor, { companyId, bankAccountId: parsed.data.bankAccountId, decision: parsed.data.decision });
    const approved = parsed.data.decision === "APPROVE";
    return redirectWithToast(back, {
      type: "success",
      message: `${account.bankAccountName} ${approved ? "approved: the account is verified" : "rejected: verification failed"}`,
    });
  } catch (error) {
    return handleError(error, { closeTo: back, notFound: "show", fields: "none", message: (e) => `Error: ${e.message}` });
  }
}

export default function CompanyBankAccountsPage() {
  const { company, accounts } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const rejecting = accounts.find((account) => account.canReview && String(account.id) === searchParams.get("reject"));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Withdrawal accounts of{" "}
          <Link to={`/companies/${company.id}/summary`} className="font-medium text-primary hover:underline">
            {company.companyName}
          </Link>{" "}
          ({company.country})
        </p>
        <Link to="/bank-accounts?tab=pending" className="flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          <ChevronLeft aria-hidden className="size-4" /> Pending bank accounts
        </Link>
      </div>
      {accounts.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-sm text-muted-foreground">This company has no bank accounts.</p>
      ) : (
        <div className="grid gap-4">
          {accounts.map((account) => (
            <AdminBankAccountCard key={account.id} account={account} />
          ))}
        </div>
      )}
      {rejecting ? <RejectBankAccountDialog account={rejecting} closeTo={`/companies/${company.id}/bank-accounts`} /> : null}
    </div>
  );
}
