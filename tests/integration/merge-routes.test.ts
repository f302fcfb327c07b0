/**
 * The Merge company dialog's route and poll URL (issue 15 part 6) as the browser calls them: admin only (anyone else
 * gets the Not Found page), another company's counterparty 404, the three steps from the URL, the merge started by the
 * form, and the poll answering progressPercentage and status.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { MERGE_MESSAGES } from "../../app/modules/merge/rules";
import { runMerge } from "../../app/modules/merge/service.server";
import { action, loader } from "../../app/routes/_app.companies.$companyId.directory.merge.$counterpartyId";
import { loader as pollLoader } from "../../app/routes/resources.merge.$companyId.$jobId";
import { makeUser } from "../support/factories";
import { insertBills, makeMergePair } from "../support/merge-factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const cookieOf = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
const args = (cookie: string, url: string, params: Record<string, string>, init: RequestInit = {}) =>
  ({ request: new Request(`http://localhost${url}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } }), params, context: { requestId: "merge", cspNonce: "", ip: "127.0.0.1" } }) as never;
const form = (values: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(values).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe("the merge dialog's routes", () => {
  it("take an admin through select, confirm and progress, and refuse everyone else", { timeout: 60_000 }, async () => {
    const { root, fromCompany, toCompany, from, to } = await makeMergePair();
    await insertBills(root, fromCompany, 2, "RT");
    const other = await makeMergePair();
    const admin = await cookieOf((await makeUser({ roles: ["ROLE_ADMIN"] })).id);
    const user = await cookieOf((await makeUser({ company: root })).id);
    const base = `/companies/${root.id}/directory/merge/${from.id}`;
    const params = { companyId: String(root.id), counterpartyId: String(from.id) };

    // Select Company: the search by name.
    const select = await settle(() => loader(args(admin, `${base}?q=${encodeURIComponent(toCompany.companyName)}`, params)));
    expect(select.status).toBe(200);
    expect(await select.json()).toMatchObject({ step: "select", targets: [{ id: to.id, companyName: toCompany.companyName }] });
    // Confirm Merge: the plan.
    const confirm = await settle(() => loader(args(admin, `${base}?into=${to.id}`, params)));
    expect(await confirm.json()).toMatchObject({ step: "confirm", plan: { validBillCount: 2, toEntityId: to.id } });
    // The same counterparty: the field's message, nothing queued.
    const same = await settle(() => action(args(admin, base, params, form({ intent: "merge", toCounterpartyId: String(from.id) }))));
    expect(same.status).toBe(422);
    expect(await same.json()).toMatchObject({ fieldErrors: { toCounterpartyId: MERGE_MESSAGES.sameCounterparty } });
    // Merge: the job starts and the dialog goes to its progress.
    const started = await settle(() => action(args(admin, base, params, form({ intent: "merge", toCounterpartyId: String(to.id) }))));
    expect(started.status).toBe(302);
    const jobId = new URL(started.headers.get("Location")!, "http://localhost").searchParams.get("job")!;
    const polled = await settle(() => pollLoader(args(admin, `/resources/merge/${root.id}/${jobId}`, { companyId: String(root.id), jobId })));
    expect(await polled.json()).toMatchObject({ id: jobId, progressPercentage: 0, status: "PENDING" });
    await runMerge(jobId);
    const finished = await settle(() => pollLoader(args(admin, `/resources/merge/${root.id}/${jobId}`, { companyId: String(root.id), jobId })));
    expect(await finished.json()).toMatchObject({ progressPercentage: 100, progress: 100, status: "SUCCESS" });
    // Polled through another company: 404 (a miss for the dialog).
    const elsewhere = await settle(() => pollLoader(args(admin, `/resources/merge/${other.root.id}/${jobId}`, { companyId: String(other.root.id), jobId })));
    expect(elsewhere.status).toBe(404);

    // A company user: the Not Found page for every step, the action and the poll.
    for (const url of [base, `${base}?into=${to.id}`, `${base}?job=${jobId}`]) expect((await settle(() => loader(args(user, url, params)))).status).toBe(404);
    expect((await settle(() => action(args(user, base, params, form({ intent: "merge", toCounterpartyId: String(to.id) }))))).status).toBe(404);
    expect((await settle(() => pollLoader(args(user, `/resources/merge/${root.id}/${jobId}`, { companyId: String(root.id), jobId })))).status).toBe(404);
    // Another company's counterparty in the URL: the Not Found page.
    const foreign = { companyId: String(root.id), counterpartyId: String(other.from.id) };
    expect((await settle(() => loader(args(admin, `/companies/${root.id}/directory/merge/${other.from.id}`, foreign)))).status).toBe(404);
    expect((await settle(() => loader(args(admin, `${base}?into=${other.to.id}`, params)))).status).toBe(404);
  });
});
