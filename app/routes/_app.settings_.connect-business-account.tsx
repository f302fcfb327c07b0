import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { CompanyFileStep, MappingStepCard } from "~/components/integrations/wizard-pages";
import { MappingDone } from "~/components/integrations/mapping-wizard";
import { PROVIDER_LABELS } from "~/components/integrations/labels";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireCompanyUser } from "~/web/auth.server";
import { pageError } from "~/web/http.server";
import {
  companyFileAction,
  companyFileData,
  mappingAction,
  mappingStepData,
  mapStepOf,
  providerOf,
  SETTINGS_WIZARD,
} from "~/web/integrations/wizard.server";

/**
 * /settings/connect-business-account?config=map-accounts|final|myob-company-file (p3 §2.2; p1 §4-§5; issue 18 part 3):
 * the account mapping wizard after a connect, its done screen, and the MYOB AccountRight company file.
 */
export const handle: PageHandle = { title: "Connect your accounting software", breadcrumb: [{ label: "Settings", to: "/settings?tab=connected-apps" }] };
export const meta = titleMeta;

const CONFIGS = ["map-accounts", "final", "myob-company-file"] as const;
type Config = (typeof CONFIGS)[number];
const configOf = (search: URLSearchParams): Config | null => CONFIGS.find((config) => config === search.get("config")) ?? null;

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  const config = configOf(url.searchParams);
  if (!config) throw redirect("/settings?tab=connected-apps");
  switch (config) {
    case "map-accounts": {
      const step = mapStepOf(url.searchParams);
      return json({ config, mapping: await mappingStepData(actor, step).catch(pageError), files: null, providerLabel: null });
    }
    case "myob-company-file":
      return json({ config, mapping: null, files: await companyFileData(actor).catch(pageError), providerLabel: null });
    case "final":
      return json({ config, mapping: null, files: null, providerLabel: PROVIDER_LABELS[await providerOf(actor)] });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const config = configOf(new URL(request.url).searchParams);
  if (config === "map-accounts") return mappingAction(request, actor, SETTINGS_WIZARD);
  if (config === "myob-company-file") return companyFileAction(request, actor, SETTINGS_WIZARD);
  throw new Response("Method Not Allowed", { status: 405 });
}

export default function ConnectBusinessAccountPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto w-full max-w-2xl">
      {data.mapping ? <MappingStepCard view={data.mapping} places="settings" actionData={actionData} /> : null}
      {data.files ? <CompanyFileStep view={data.files} places="settings" actionData={actionData} /> : null}
      {data.config === "final" ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">You are all set</CardTitle>
            <CardDescription>Your accounting software is connected.</CardDescription>
          </CardHeader>
          <CardContent>
            <MappingDone
              providerLabel={data.providerLabel ?? "your accounting software"}
              links={[
                { to: "/settings?tab=connected-apps", label: "Back to Settings" },
                { to: "/bills?tab=bills", label: "Go to Bills", primary: true },
              ]}
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
