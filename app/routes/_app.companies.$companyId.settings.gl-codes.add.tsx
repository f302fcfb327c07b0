import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GlCodeDialog } from "~/components/company-settings/dialogs";
import { glCodeDialogAction, glCodeDialogLoader } from "~/web/company-settings/settings.server";

/** The Add GL Code dialog over the company settings (p3 §2.4, §5; admins only). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return glCodeDialogLoader(request, params, "add");
}

export function action({ request, params }: ActionFunctionArgs) {
  return glCodeDialogAction(request, params, "add");
}

export default function AddGlCodeRoute() {
  const { code, closeTo } = useLoaderData<typeof loader>();
  return <GlCodeDialog mode="add" closeTo={closeTo} code={code} />;
}
