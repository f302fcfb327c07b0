/**
 * The period lock's web doors (issue 15 part 5): POST /suppliers/{id}/lock queues a lock and opens its progress dialog;
 * a refusal goes back to the page with the spec's message as a toast; another company's supplier is 404 and nothing
 * is written; POST /settings/period-lock saves the auto-lock preference.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { EntityPreferences, Job, type Company } from "../../db/models/index";
import { todayIn } from "../../app/lib/dates";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { monthEnd, shiftMonth } from "../../app/modules/period-lock/rules";
import { action as lockAction, loader as lockLoader } from "../../app/routes/_app.suppliers.$supplierId.lock";
import { action as settingsAction } from "../../app/routes/_app.settings.period-lock";
import { runPeriodLock } from "../../app/modules/period-lock/service.server";
import { readFlashToast } from "../../app/web/toast.server";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

const currentMonth = todayIn("NZ").slice(0, 7);
const lastMonth = shiftMonth(currentMonth, -1);

async function signedIn() {
  const company = await makeCompany();
  const supplier = await makeCompany();
  await makeSupplierLink(company, supplier);
  const user = await makeUser({ company });
  const cookie = (await commitSessionToken(await createSession(user.id), 3600)).split(";")[0];
  return { company, supplier, cookie };
}

function post(url: string, cookie: string, form: Record<string, string>) {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

async function answer(call: Promise<unknown>): Promise<Response> {
  return call.then(
    (value) => value as Response,
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  );
}

const lockDateOf = async (company: Company) => (await EntityPreferences.findOne({ where: { companyId: company.id } }))?.periodLockDate ?? null;
/** The toast a redirect flashes, read as the next page's root loader reads it. */
async function toastOf(response: Response) {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readFlashToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

describe("POST /suppliers/{id}/lock", () => {
  it("queues the lock of last month and shows its progress; the finished job goes back with 'Locked {month} invoices'", async () => {
    const { company, supplier, cookie } = await signedIn();
    const response = await answer(lockAction({ request: post(`/suppliers/${supplier.id}/lock`, cookie, { month: currentMonth }), params: { supplierId: String(supplier.id) }, context: {} } as never));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(new RegExp(`^/suppliers/${supplier.id}/lock\\?job=[0-9a-f-]{36}$`));
    const jobId = new URL(location, "http://localhost").searchParams.get("job")!;
    expect(await Job.findByPk(jobId)).toMatchObject({ type: "PERIOD_LOCK", companyId: company.id });
    await runPeriodLock(jobId);
    expect(await lockDateOf(company)).toBe(monthEnd(lastMonth));

    const back = await answer(
      lockLoader({ request: new Request(`http://localhost${location}`, { headers: { cookie } }), params: { supplierId: String(supplier.id) }, context: {} } as never)
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe(`/suppliers/${supplier.id}`);
    expect(await toastOf(back)).toMatchObject({ type: "success", message: expect.stringMatching(/^Locked [A-Z][a-z]+ invoices$/) });
  });

  it("a refusal goes back to the page as a toast; another company's supplier is 404; nothing is written", async () => {
    const { company, supplier, cookie } = await signedIn();
    await EntityPreferences.create({ companyId: company.id, periodLockDate: monthEnd(lastMonth) });
    const refused = await answer(
      lockAction({ request: post(`/suppliers/${supplier.id}/lock?month=${currentMonth}`, cookie, { month: currentMonth }), params: { supplierId: String(supplier.id) }, context: {} } as never)
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/suppliers/${supplier.id}?month=${currentMonth}`);
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Period is already locked" });

    const other = await signedIn();
    const foreign = await answer(lockAction({ request: post(`/suppliers/${other.supplier.id}/lock`, cookie, { month: currentMonth }), params: { supplierId: String(other.supplier.id) }, context: {} } as never));
    expect(foreign.status).toBe(404);
    expect(await Job.count({ where: { companyId: company.id, type: "PERIOD_LOCK" } })).toBe(0);
    expect(await lockDateOf(other.company)).toBeNull();
  });
});

describe("POST /settings/period-lock", () => {
  it("saves the automatic lock preference", async () => {
    const { company, cookie } = await signedIn();
    const response = await answer(settingsAction({ request: post("/settings/period-lock", cookie, { intent: "auto-lock", returnTo: "page", enabled: "on" }), params: {}, context: {} } as never));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/period-lock");
    expect(await EntityPreferences.findOne({ where: { companyId: company.id } })).toMatchObject({ autoLockPreviousMonth: true });
  });
});
