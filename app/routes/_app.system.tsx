import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireAdmin } from "~/lib/auth.server";

export const handle: PageHandle = { title: "System" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(null);
}

export default function SystemPage() {
  return (
    <NotBuiltYet
      summary="The system page is not built yet."
      description="This page will show bank file processing: whether pending withdrawals are being written to bank payment files, with a switch to suspend or resume it."
    />
  );
}
