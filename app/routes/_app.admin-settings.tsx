/**
 * An admin's own settings (issue 20 part 2, decision 064): change password and turn two-factor authentication on or
 * off, the Password tab's forms (components/password) posting here. Company settings (/settings) stay a company
 * screen; before this screen an admin's MFA was an operator task only (`users:create --mfa`).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { SettingsPasswordTab } from "~/components/password/settings-password-tab";
import { requireAdmin } from "~/web/auth.server";
import { securityAction, securityTabData } from "./_app.settings/settings-security.server";

export const handle: PageHandle = { title: "Settings" };
export const meta = titleMeta;

export const ADMIN_SETTINGS_PATH = "/admin-settings";

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  return json({ security: await securityTabData(actor) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  return securityAction(request, context, actor, ADMIN_SETTINGS_PATH);
}

export default function AdminSettingsPage() {
  const { security } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <SettingsPasswordTab data={security} action={ADMIN_SETTINGS_PATH} />
      <Outlet />
    </div>
  );
}
