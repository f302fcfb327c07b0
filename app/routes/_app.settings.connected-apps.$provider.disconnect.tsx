import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { PROVIDER_LABELS, PROVIDER_SLUGS, type ProviderKey } from "~/components/integrations/labels";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formErrorsOf } from "~/lib/form-errors";
import { disconnect } from "~/modules/integrations/connections.server";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, parseParams } from "~/web/http.server";
import { CONNECTED_APPS_TAB } from "~/web/integrations/connected-apps.server";
import { redirectWithToast } from "~/web/toast.server";

/** /settings/connected-apps/{xero|myob-essentials|myob-accountright}/disconnect: the Disconnect confirmation (issue 18 part 2). */
const SLUG_PROVIDERS = Object.fromEntries(Object.entries(PROVIDER_SLUGS).map(([provider, slug]) => [slug, provider])) as Record<string, ProviderKey>;
const ParamsSchema = z.object({ provider: z.string().refine((slug) => slug in SLUG_PROVIDERS).transform((slug) => SLUG_PROVIDERS[slug]) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const { provider } = parseParams(params, ParamsSchema);
  return json({ provider, label: PROVIDER_LABELS[provider], closeTo: CONNECTED_APPS_TAB });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { provider } = parseParams(params, ParamsSchema);
  try {
    await disconnect(actor, provider);
    return redirectWithToast(CONNECTED_APPS_TAB, { type: "success", message: `Disconnected from ${PROVIDER_LABELS[provider]}` });
  } catch (error) {
    return handleError(error, { fields: "none", forbidden: "show" });
  }
}

export default function DisconnectDialog() {
  const { label, closeTo } = useLoaderData<typeof loader>();
  const { formError } = formErrorsOf(useActionData<typeof action>());
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={`Disconnect ${label}?`} closeTo={closeTo}>
      <div className="grid gap-3 text-sm">
        <p>Earlybird will stop loading bills and invoices from {label} and stop recording early payments in it. The bills already loaded stay in Earlybird.</p>
        <p className="text-muted-foreground">You can connect again at any time; the account mapping is asked for again.</p>
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      </div>
      <Form method="post" preventScrollReset>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Disconnecting…" : "Disconnect"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
