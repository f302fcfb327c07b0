/** GET /resources/import-template/import_approved_(bills|invoices).csv: the Earlybird import templates (p2 §7), from fixtures/. */
import fs from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";

const TEMPLATES = new Set(["import_approved_bills.csv", "import_approved_invoices.csv"]);

export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  if (!TEMPLATES.has(name)) throw new Response("Not found", { status: 404 });
  const body = await fs.readFile(path.resolve("fixtures", name));
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "public, max-age=3600" },
  });
}
