import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { CompanyStatusBadge, PersonCard } from "~/components/kyc-admin/people";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { Alert } from "~/components/ui/alert";
import { useServerToast } from "~/components/ui/toast";
import { requireAdmin } from "~/web/auth.server";
import { z } from "zod";
import { AppError, GENERIC_ERROR, isAppError } from "~/lib/errors";
import { SendLinkForm, type SendLinkResult } from "~/components/verify/send-link-card";
import { liveLinkAddresses, sendOwnerVerificationLink } from "~/modules/kyc/owner-links.server";
import { OWNER_LINK_SENT } from "~/modules/kyc/owner-link-rules";
import { redirectWithToast } from "~/web/toast.server";
import { failPersonManually, getCompanyKyc, verifyPersonManually } from "~/modules/kyc/admin.server";
import { handleError, IdSchema, parseParams, readForm } from "~/web/http.server";

export const handle: PageHandle = {
  title: "Company",
  breadcrumb: [{ label: "Companies", to: "/companies" }],
  titleFromData: (data) => (data as { company?: { companyName?: string } } | undefined)?.company?.companyName ?? "Company",
};
export const meta = titleMeta;

/**
 * /companies/{id}/kyc (p3 §2.4 KYC screen): the company's Earlybird user and beneficial owners with their status,
 * document, history and the admin's actions. Upload and the document viewer are child route dialogs (decision 007);
 * Verify posts here. The Remix router prefers this file to the $menu placeholder route.
 */
const Params = z.object({ companyId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, Params);
  try {
    const kyc = await getCompanyKyc(actor, companyId);
    const sent = await liveLinkAddresses(kyc.owners.map((person) => person.id));
    return json({ ...kyc, linkSentTo: Object.fromEntries(sent) as Record<string, string>, loadError: null });
  } catch (error) {
    // The company gone is the Not Found page; anything else (logged when unexpected) is the screen's "Error fetching users".
    return handleError(error, {
      fields: "none",
      unexpected: GENERIC_ERROR,
      message: () => GENERIC_ERROR,
      data: { company: null, earlybirdUsers: [], owners: [], linkSentTo: {} as Record<string, string>, loadError: GENERIC_ERROR },
    });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, Params);
  const form = await readForm(request);
  const back = `/companies/${companyId}/kyc`;
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "verify": {
        const result = await verifyPersonManually(actor, companyId, form.get("userId"), String(form.get("note") ?? ""));
        return redirectWithToast(back, { type: "success", message: `Verification is successful for ${result.name}` });
      }
      // Manual Fail of a pending document (decision 064): the person is told by e-mail what to do next.
      case "fail": {
        const result = await failPersonManually(actor, companyId, form.get("userId"), String(form.get("note") ?? ""));
        return redirectWithToast(back, { type: "success", message: `Verification is failed for ${result.name}` });
      }
      case "send-link": {
        const userId = Number(form.get("userId"));
        try {
          const sent = await sendOwnerVerificationLink(actor, { companyId, userId, email: form.get("email") });
          if (!sent.delivered) return json({ sendLink: { userId, error: `The e-mail to ${sent.email} was not sent: ${sent.error}` } }, { status: 502 });
          return redirectWithToast(back, { type: "success", message: OWNER_LINK_SENT(sent.name) });
        } catch (error) {
          // The address's message on its field, under that person's card.
          if (isAppError(error) && error.status === 422) return json({ sendLink: { userId, error: error.message } }, { status: 422 });
          throw error;
        }
      }
      default:
        throw new AppError(400, "Required parameters missing");
    }
  } catch (error) {
    // A refusal is a toast on the page (with the refusal's status); the company or person gone is the Not Found page.
    return handleError(error, { fields: "none", forbidden: "show", data: (e) => ({ toast: { type: "error" as const, message: e.message } }) });
  }
}

export default function CompanyKycPage() {
  const { company, earlybirdUsers, owners, linkSentTo, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useServerToast(actionData && "toast" in actionData ? actionData : undefined);
  const sendLinkResult = actionData && "sendLink" in actionData ? (actionData.sendLink as SendLinkResult) : null;
  return (
    <div className="min-w-0 space-y-6">
      {company ? <CompanyTabs companyId={company.id} value="kyc" /> : null}
      {loadError || !company ? (
        <Alert variant="destructive">
          <p className="font-semibold">Error fetching users</p>
          <p>{loadError ?? GENERIC_ERROR}</p>
        </Alert>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">Identity verification</h2>
            <span className="text-sm text-muted-foreground">Company status</span>
            <CompanyStatusBadge status={company.verificationStatus} />
            {!company.businessConfirmed ? <span className="text-sm text-muted-foreground">Business details not confirmed yet</span> : null}
          </div>
          <section aria-labelledby="kyc-earlybird-user" className="space-y-3">
            <h2 id="kyc-earlybird-user" className="text-base font-semibold">
              Earlybird user
            </h2>
            {earlybirdUsers.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">Earlybird user not found</p>
            ) : (
              <div className="grid gap-4 xl:grid-cols-2">
                {earlybirdUsers.map((person) => (
                  <PersonCard key={person.id} company={company} person={person} />
                ))}
              </div>
            )}
          </section>
          <section aria-labelledby="kyc-owners" className="space-y-3">
            <h2 id="kyc-owners" className="text-base font-semibold">
              Beneficial owners
            </h2>
            {owners.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">Beneficial owners not found</p>
            ) : (
              <div className="grid gap-4 xl:grid-cols-2">
                {owners.map((person) => (
                  <PersonCard key={person.id} company={company} person={person}>
                    {person.verificationStatus !== "VERIFIED" ? (
                      <SendLinkForm userId={person.id} fullName={person.name} sentTo={linkSentTo[String(person.id)] ?? null} result={sendLinkResult} />
                    ) : null}
                  </PersonCard>
                ))}
              </div>
            )}
          </section>
        </>
      )}
      <Outlet />
    </div>
  );
}
