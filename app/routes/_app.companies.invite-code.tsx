import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { CreateInviteCodeDialog, InviteCodesCard } from "~/components/signup/invite-codes-card";
import { requireAdmin } from "~/web/auth.server";
import { formErrorsOf } from "~/lib/form-errors";
import { createInviteCode, listInviteCodes } from "~/modules/signup/invite-codes.server";
import { appOrigin } from "~/lib/app-url.server";
import { handleError, parseForm } from "~/web/http.server";
import { z } from "zod";

export const handle: PageHandle = { title: "Companies" };
export const meta = titleMeta;

/** /companies/invite-code: the admin's Create invite code dialog (issue 6 part 1) over the invite codes list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  return json({ codes: await listInviteCodes(actor) });
}

/** The form as typed (the service checks it): text only, echoed back with any error. */
const FormSchema = z.object({ email: z.string().catch(""), days: z.string().catch("") });

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const values = await parseForm(request, FormSchema);
  try {
    const code = await createInviteCode(actor, values, { origin: appOrigin() });
    return json({ created: { code: code.code, email: code.email, expiresAt: code.expiresAt, emailSent: code.emailSent }, values });
  } catch (error) {
    // A refused e-mail or number of days is shown on its field (422); anything else above the form.
    return handleError(error, { fields: "named", values });
  }
}

export default function CreateInviteCodeRoute() {
  const { codes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { fieldErrors, formError, values } = formErrorsOf(result);
  const created = result && "created" in result ? result.created : null;
  const errors = { email: fieldErrors.email, days: fieldErrors.days, form: formError ?? undefined };
  return (
    <>
      <InviteCodesCard codes={codes} />
      <CreateInviteCodeDialog created={created} errors={errors} values={{ email: values?.email ?? "", days: values?.days ?? "" }} />
    </>
  );
}
