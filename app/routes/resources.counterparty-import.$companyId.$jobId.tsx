/** GET /resources/counterparty-import/:companyId/:jobId: a counterparty import as its dialog polls it every second (p3 §4.6, §7.3). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { counterpartyImportPollLoader } from "~/web/directory-import/import.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => counterpartyImportPollLoader(request, params);
