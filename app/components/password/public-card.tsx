import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { PRODUCT_NAME } from "~/components/layout/page-handle";

/** A logged-out page's card, like the login page: the product name over a centred card with a level-1 title. */
export function PublicCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-accent to-background px-4 py-10">
      <div className="w-full max-w-md space-y-6">
        <p className="text-center text-3xl font-bold tracking-tight text-primary">{PRODUCT_NAME}</p>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent className="space-y-4">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
