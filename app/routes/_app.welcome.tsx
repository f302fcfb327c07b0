import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowRight, FileText, ReceiptText, ShieldAlert, Workflow, type LucideIcon } from "~/components/ui/icons";
import { GET_VERIFIED_PATH } from "~/components/layout/user-menu";
import { buttonVariants } from "~/components/ui/button";
import { GET_VERIFIED_TEXT, GET_VERIFIED_TITLE } from "~/components/verification/get-verified-dialog";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { requireCompanyUser } from "~/web/auth.server";

export const handle: PageHandle = { title: "How can we help?" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCompanyUser(request);
  return json({ verified: user.company?.verificationStatus === "VERIFIED" });
}

const CHOICES: { title: string; description: string; to: string; icon: LucideIcon }[] = [
  { title: "Get Paid this Week", description: "See your invoices and the early payments your customers offer.", to: "/invoices", icon: FileText },
  { title: "Pay Suppliers Early to Earn Cashback", description: "See your bills and pay suppliers early from your funds.", to: "/bills", icon: ReceiptText },
  {
    title: "Automate your cash flow",
    description: "Let Earlybird read your bill documents and match them to purchase orders.",
    to: "/bills/pending-review",
    icon: Workflow,
  },
];

export default function WelcomePage() {
  const { verified } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      {verified ? null : <GetVerifiedCard />}
      <Choices />
    </div>
  );
}

/** The get-verified prompt (p1 §2 Modals) for a company that is not verified yet: Next goes to the owners list. */
function GetVerifiedCard() {
  return (
    <section
      aria-labelledby="get-verified-title"
      className="flex flex-col gap-4 rounded-lg border border-primary/30 bg-accent/60 p-5 sm:flex-row sm:items-center"
    >
      <ShieldAlert className="size-6 shrink-0 text-primary" aria-hidden />
      <div className="flex-1 space-y-1">
        <h2 id="get-verified-title" className="font-semibold">
          {GET_VERIFIED_TITLE}
        </h2>
        <p className="text-sm text-muted-foreground">{GET_VERIFIED_TEXT}</p>
      </div>
      <Link to={GET_VERIFIED_PATH} className={buttonVariants({ className: "shrink-0" })}>
        Next
      </Link>
    </section>
  );
}

function Choices() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {CHOICES.map((choice) => (
        <li key={choice.to} className="flex">
          <Link
            to={choice.to}
            className="group flex w-full flex-col gap-3 rounded-lg border bg-card p-6 shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <choice.icon className="size-5" />
            </span>
            <h2 className="text-lg font-semibold leading-6">{choice.title}</h2>
            <p className="flex-1 text-sm text-muted-foreground">{choice.description}</p>
            <span aria-hidden className="inline-flex items-center gap-1 text-sm font-medium text-primary">
              Get started <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
