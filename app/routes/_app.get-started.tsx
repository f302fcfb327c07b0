import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FirstRunChecklist } from "~/components/first-run/checklist";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { buttonVariants } from "~/components/ui/button";
import { getFirstRun } from "~/modules/first-run/service.server";
import { requireCompanyUser } from "~/web/auth.server";

export const handle: PageHandle = { title: "Get started" };
export const meta = titleMeta;

/**
 * /get-started (issue 20 part 3, docs/decisions/065-first-run.md): where a company with no invoices or bills yet lands,
 * instead of an empty list. The checklist is computed from the company's data on every visit.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  return json(await getFirstRun(actor));
}

export default function GetStartedPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-muted-foreground">
        {data.allDone
          ? `${data.companyName} is all set. Your invoices and bills are waiting.`
          : `Welcome to Earlybird. A few steps get ${data.companyName} paying suppliers early and getting paid sooner.`}
      </p>
      <FirstRunChecklist items={data.items} doneCount={data.doneCount} />
      <nav aria-label="Your lists" className="flex flex-wrap gap-2">
        <Link to="/bills" className={buttonVariants({ variant: "outline" })}>
          Go to Bills
        </Link>
        <Link to="/invoices" className={buttonVariants({ variant: "outline" })}>
          Go to Invoices
        </Link>
      </nav>
    </div>
  );
}
