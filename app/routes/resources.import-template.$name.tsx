/** GET /resources/import-template/(import_approved_(bills|invoices)|import_counterparties|import_purchase_orders).csv: the Earlybird import templates (p2 §7, p3 §2.4), from fixtures/. */
import fs from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseParams } from "~/web/http.server";

const ParamsSchema = z.object({ name: z.enum(["import_approved_bills.csv", "import_approved_invoices.csv", "import_counterparties.csv", "import_purchase_orders.csv"]) });

export async function loader({ params }: LoaderFunctionArgs) {
  const { name } = parseParams(params, ParamsSchema);
  const body = await fs.readFile(path.resolve("fixtures", name));
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "public, max-age=3600" },
  });
}
