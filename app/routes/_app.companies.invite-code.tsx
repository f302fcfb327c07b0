import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { CreateInviteCodeDialog, InviteCodesCard, type CreatedInviteCode } from "~/components/signup/invite-codes-card";
import { requireAdmin } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { createInviteCode, listInviteCodes } from "~/modules/signup/invite-codes.server";
import { appOrigin } from "~/lib/app-url.server";
import { readForm } from "~/web/http.server";

export const handle: PageHandle = { title: "Companies" };
export const meta = titleMeta;

/** /companies/invite-code: the admin's Create invite code dialog (issue 6 part 1) over the invite codes list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  return json({ codes: await listInviteCodes(actor) });
}

type ActionData =
  | { created: CreatedInviteCode; errors: Record<string, never>; values: { email: string; days: string } }
  | { created: null; errors: Partial<Record<"email" | "days" | "form", string>>; values: { email: string; days: string } };

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const form = await readForm(request);
  const values = { email: String(form.get("email") ?? ""), days: String(form.get("days") ?? "") };
  try {
    const code = await createInviteCode(actor, values, { origin: appOrigin() });
    return json<ActionData>({ created: { code: code.code, email: code.email, expiresAt: code.expiresAt, emailSent: code.emailSent }, errors: {}, values });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const field = error.field === "email" || error.field === "days" ? error.field : "form";
    return json<ActionData>({ created: null, errors: { [field]: error.message }, values }, { status: error.status });
  }
}

export default function CreateInviteCodeRoute() {
  const { codes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  return (
    <>
      <InviteCodesCard codes={codes} />
      <CreateInviteCodeDialog created={result?.created ?? null} errors={result?.errors ?? {}} values={result?.values ?? { email: "", days: "" }} />
    </>
  );
}
