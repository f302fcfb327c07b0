import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfigureForm } from "~/components/directory/configure-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { formErrorsOf } from "~/lib/form-errors";
import { configureAction, configureLoader } from "~/web/directory/directory-route.server";

/**
 * /companies/{id}/directory/configure?ids=...: the Configure dialog over the directory (p3 §2.4, §7.3 PATCH with the
 * seven paths). The list state rides in the same query, so the directory behind it and the dialog's Cancel keep it.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return configureLoader(request, params);
}

export function action({ request, params }: ActionFunctionArgs) {
  return configureAction(request, params);
}

export default function ConfigureCounterpartiesDialog() {
  const { rows, termOptions, glOptions, companyDefaultQueue, closeTo } = useLoaderData<typeof loader>();
  const { fieldErrors, formError, values } = formErrorsOf(useActionData<typeof action>());
  return (
    <RouteDialog title="Configure" description="Change the settings of the selected counterparties." closeTo={closeTo} className="max-w-2xl">
      <ConfigureForm
        key={rows.map((row) => row.modificationTime).join(",")}
        rows={rows}
        terms={termOptions}
        glCodes={glOptions}
        companyDefaultQueue={companyDefaultQueue}
        closeTo={closeTo}
        fieldErrors={fieldErrors}
        formError={formError}
        values={values}
      />
    </RouteDialog>
  );
}
