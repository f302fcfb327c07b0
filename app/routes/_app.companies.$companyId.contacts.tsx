import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { companyTabHandle } from "~/components/admin-company/company-page";
import { ContactsTable, NewContactForm } from "~/components/admin-company/contacts";
import { LoadError } from "~/components/admin-company/offers";
import { titleMeta } from "~/components/layout/page-handle";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { formErrorsOf } from "~/lib/form-errors";
import { parseListPage } from "~/lib/list-page";
import { phonePrefixOf } from "~/modules/activation/rules";
import { companyForAdmin } from "~/modules/companies/admin-company.server";
import { addCompanyContact, listCompanyContacts } from "~/modules/companies/contacts.server";
import { CONTACT_ADDED, CONTACTS_PAGE_SIZE, ERROR_FETCHING_CONTACTS } from "~/modules/companies/contacts.schema";
import { companyTabDoor, section } from "~/web/admin-company/company-tab.server";
import { handleError, pageError, parseFormData, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

export const handle = companyTabHandle;
export const meta = titleMeta;

/**
 * /companies/{id}/contacts (p3 §2.4 Contacts tab, §5 New contact, §7.3 POST user, §8 'Contact added', 'Error fetching
 * contacts'; docs/decisions/062): the company's users (?page=, ?size=, 10 a page) and the New contact form. The new
 * contact is invited by e-mail.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  const company = await companyForAdmin(actor, companyId).catch(pageError);
  const contacts = await section(listCompanyContacts(actor, companyId, parseListPage(new URL(request.url).searchParams)), "contacts");
  return json({
    companyId: company.id,
    companyName: company.name,
    phonePrefix: phonePrefixOf(company.country),
    contacts: contacts.ok ? contacts.value : null,
  });
}

const FormSchema = z.object({
  intent: z.literal("add"),
  firstName: z.string().max(200).default(""),
  lastName: z.string().max(200).default(""),
  email: z.string().max(400).default(""),
  phoneNumber: z.string().max(100).default(""),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  const form = await readForm(request);
  const values = Object.fromEntries(["firstName", "lastName", "email", "phoneNumber"].map((name) => [name, String(form.get(name) ?? "")]));
  try {
    const input = parseFormData(form, FormSchema);
    await addCompanyContact(actor, companyId, input, { origin: new URL(request.url).origin });
    return redirectWithToast(`/companies/${companyId}/contacts`, { type: "success", message: CONTACT_ADDED });
  } catch (error) {
    return handleError(error, { fields: "named", values });
  }
}

export default function CompanyContactsPage() {
  const { companyId, phonePrefix, contacts } = useLoaderData<typeof loader>();
  const { fieldErrors, formError, values } = formErrorsOf(useActionData<typeof action>());
  return (
    <div className="min-w-0 space-y-6">
      <CompanyTabs companyId={companyId} value="contacts" />
      {contacts ? (
        <ContactsTable
          rows={contacts.rows}
          total={contacts.total}
          page={contacts.page}
          size={contacts.size}
          timeZone={contacts.timeZone}
          path={`/companies/${companyId}/contacts`}
          defaultSize={CONTACTS_PAGE_SIZE}
        />
      ) : (
        <LoadError message={ERROR_FETCHING_CONTACTS} />
      )}
      <NewContactForm phonePrefix={phonePrefix} fieldErrors={fieldErrors} formError={formError} values={values} />
    </div>
  );
}
