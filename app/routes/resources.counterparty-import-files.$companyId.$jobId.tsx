/** GET /resources/counterparty-import-files/:companyId/:jobId: the failed rows of a counterparty import, as CSV (admin). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { counterpartyImportFailedLoader } from "~/web/directory-import/import.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => counterpartyImportFailedLoader(request, params);
