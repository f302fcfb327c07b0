/** /companies/{id}/directory/import: the Import counterparties dialog over the directory (p3 §2.4, §4.6; decision 036). Admin only. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ImportCounterpartiesDialog } from "~/components/directory-import/import-counterparties-dialog";
import { directoryImportAction, directoryImportLoader } from "~/web/directory-import/import.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => directoryImportLoader(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => directoryImportAction(request, params);

export default function DirectoryImport() {
  const data = useLoaderData<typeof loader>();
  return <ImportCounterpartiesDialog data={data} />;
}
