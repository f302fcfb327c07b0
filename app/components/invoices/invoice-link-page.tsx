/**
 * /invoices?invoiceId={id} for a logged-out visitor (p1 §2: such a link is not sent to /login; decision 063): a public
 * page, with nothing about the invoice (the visitor is not known yet), whose Log In comes back to the invoice.
 */
import { Link } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/layout/page-handle";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";

export function InvoiceLinkPage({ loginHref }: { loginHref: string }) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-gradient-to-b from-accent to-background px-4 py-10 sm:items-center">
      <div className="w-full max-w-md space-y-6">
        <p className="text-center text-3xl font-bold tracking-tight text-primary">{PRODUCT_NAME}</p>
        <Card>
          <CardHeader className="space-y-2 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">View your invoice</h1>
            <p className="text-muted-foreground">Log in to {PRODUCT_NAME} to see this invoice and get paid early.</p>
          </CardHeader>
          <CardContent className="flex justify-center">
            <Link to={loginHref} className={buttonVariants({ size: "lg" })}>
              Log In
            </Link>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
