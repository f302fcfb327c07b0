import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteGlCodeDialog } from "~/components/company-settings/dialogs";
import { glCodeDialogAction, glCodeDialogLoader } from "~/web/company-settings/settings.server";

/** The Delete GL Code dialog over the company settings (p3 §2.4, §5; admins only). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return glCodeDialogLoader(request, params, "delete");
}

export function action({ request, params }: ActionFunctionArgs) {
  return glCodeDialogAction(request, params, "delete");
}

export default function DeleteGlCodeRoute() {
  const { code, closeTo } = useLoaderData<typeof loader>();
  return <DeleteGlCodeDialog closeTo={closeTo} code={code!} />;
}
