import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, fieldErrorsOf } from "~/lib/errors";
import { formErrorsOf } from "~/lib/form-errors";
import { asFieldError, formToObject, handleError, IdSchema, nullOn, parseForm, parseFormData, parseParams, recoverAs } from "./http.server";

const NOT_VERIFIED = new AppError(403, "Your company needs to be verified to do this.", {
  code: "COMPANY_NOT_VERIFIED",
  details: { debugMessage: "company not verified" },
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

function post(body: string) {
  return new Request("http://earlybird.test/x", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
}

describe("AppError.validation and fieldErrorsOf", () => {
  it("takes a zod failure: 422, VALIDATION, the first message per dotted field", () => {
    const result = z.object({ items: z.array(z.object({ units: z.string().min(2, "Too short").regex(/x/, "No x") })), name: z.string({ message: "Name?" }) }).safeParse({ items: [{ units: "a" }] });
    expect(result.success).toBe(false);
    const error = AppError.validation(result.error!);
    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION");
    expect(error.details).toEqual({ fieldErrors: { "items.0.units": "Too short", name: "Name?" } });
    expect(error.field).toBe("items.0.units");
    expect(error.message).toBe("Too short");
    expect(fieldErrorsOf(error)).toEqual({ "items.0.units": "Too short", name: "Name?" });
  });

  it("takes a record, with an optional message of its own", () => {
    const error = AppError.validation({ email: "Bad email" }, "Check the form");
    expect(error.message).toBe("Check the form");
    expect(fieldErrorsOf(error)).toEqual({ email: "Bad email" });
  });

  it("reads the older shapes: lists of messages, or the field of the error; nothing from other details", () => {
    expect(fieldErrorsOf(new AppError(409, "Duplicate", { field: "invoiceNumber", details: { invoiceNumber: ["Duplicate", "x"] } }))).toEqual({ invoiceNumber: "Duplicate" });
    expect(fieldErrorsOf(new AppError(422, "Too big", { field: "amount" }))).toEqual({ amount: "Too big" });
    expect(fieldErrorsOf(new AppError(403, "No", { details: { debugMessage: "Change not permitted" } }))).toEqual({});
  });
});

describe("parseForm", () => {
  const Schema = z.object({ ids: z.array(IdSchema).min(1, "Pick one"), note: z.string().default(""), flag: z.string().optional() });

  it("gives arrays where the schema wants them and the last value elsewhere", async () => {
    const form = new FormData();
    form.append("ids", "1");
    form.append("ids", "2");
    form.append("flag", "false");
    form.append("flag", "on");
    expect(formToObject(form, Schema)).toEqual({ ids: ["1", "2"], flag: "on" });
    expect(await parseForm(post("ids=3&ids=4&note=hi"), Schema)).toEqual({ ids: [3, 4], note: "hi" });
  });

  it("throws AppError.validation for values the schema refuses (an absent array is empty)", async () => {
    const error = await caught(parseForm(post("note=x"), Schema));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect(fieldErrorsOf(error as AppError)).toEqual({ ids: "Pick one" });
    expect(() => parseFormData(new FormData(), Schema.refine(() => false, "Whole form"))).toThrow(AppError);
  });

  it("leaves a body that is not a form to the reader's 4xx", async () => {
    const error = await caught(parseForm(new Request("http://earlybird.test/x", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }), Schema));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(415);
  });
});

describe("parseParams", () => {
  it("parses ids and answers anything else with the Not Found page", () => {
    expect(parseParams({ billId: "7" }, z.object({ billId: IdSchema }))).toEqual({ billId: 7 });
    for (const bad of [undefined, "", "0", "07x", "99999999999", "-1"]) {
      let thrown: unknown;
      try {
        parseParams({ billId: bad }, z.object({ billId: IdSchema }));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });
});

describe("handleError", () => {
  it("re-throws what is not an AppError, and 5xx AppErrors, untouched", async () => {
    const bug = new Error("bug");
    expect(await caught(handleError(bug))).toBe(bug);
    const response = new Response("x", { status: 302 });
    expect(await caught(handleError(response))).toBe(response);
    const down = new AppError(503, "Down");
    expect(await caught(handleError(down, { closeTo: "/bills" }))).toBe(down);
  });

  it("shows a 5xx whose code the route names", async () => {
    const response = await handleError(new AppError(502, "Mail not sent", { code: "MAIL_NOT_SENT" }), { closeTo: "/bills", exposeCodes: ["MAIL_NOT_SENT"] });
    expect(response.status).toBe(302);
  });

  it("answers a field error as 422 with the one shape, echoing values and data", async () => {
    const response = await handleError(AppError.validation({ email: "Bad email", form: "Check the form" }), { closeTo: "/bills", values: { email: "x" }, data: { step: "enter" } });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toEqual({ step: "enter", values: { email: "x" }, fieldErrors: { email: "Bad email", form: "Check the form" }, formError: "Check the form" });
    expect(formErrorsOf(body)).toEqual({ fieldErrors: body.fieldErrors, formError: "Check the form", values: { email: "x" } });
  });

  it("counts an error with a field as a field error only when asked, unless it is a validation", async () => {
    const named = new AppError(404, "Company not found", { field: "counterpartyName" });
    expect((await handleError(named, { fields: "named", notFound: "show" })).status).toBe(422);
    const conflict = new AppError(409, "Not payable", { field: "invoiceIds" });
    const inline = await handleError(conflict);
    expect(inline.status).toBe(409);
    expect(await inline.json()).toEqual({ fieldErrors: {}, formError: "Not payable" });
  });

  it("throws the Not Found page for a 404 unless the route shows it", async () => {
    const thrown = await caught(handleError(new AppError(404, "Bill not found"), { closeTo: "/bills" }));
    expect((thrown as Response).status).toBe(404);
    const shown = await handleError(new AppError(404, "Bill not found"), { closeTo: "/bills", notFound: "show" });
    expect(shown.status).toBe(302);
    expect(shown.headers.get("Location")).toBe("/bills");
    expect(shown.headers.get("Set-Cookie")).toContain("eb_toast=");
  });

  it("opens the get-verified dialog over the list, or just closes the dialog", async () => {
    const dialog = await handleError(NOT_VERIFIED, { closeTo: "/invoices?status=OPEN" });
    expect(dialog.headers.get("Location")).toBe("/invoices/get-verified?status=OPEN");
    const closed = await handleError(NOT_VERIFIED, { closeTo: "/invoices", notVerified: "close" });
    expect(closed.headers.get("Location")).toBe("/invoices");
    expect(closed.headers.get("Set-Cookie")).toBeNull();
  });

  it("throws the Forbidden page for a 403 with nowhere to show it, toasts it otherwise", async () => {
    const forbidden = new AppError(403, "Transaction in progress");
    expect(((await caught(handleError(forbidden))) as Response).status).toBe(403);
    expect(((await caught(handleError(NOT_VERIFIED))) as Response).status).toBe(403);
    expect((await handleError(forbidden, { closeTo: "/bills" })).status).toBe(302);
    expect(((await caught(handleError(forbidden, { closeTo: "/bills", forbidden: "page" }))) as Response).status).toBe(403);
  });

  it("toasts other errors at closeTo (with the route's message), or answers them inline", async () => {
    const error = new AppError(409, "Offer closed");
    const toast = await handleError(error, { closeTo: "/bills", message: (e) => `Could not. ${e.message}` });
    expect(toast.status).toBe(302);
    expect(decodeURIComponent(toast.headers.get("Set-Cookie") ?? "")).toBeTruthy();
    const inline = await handleError(error, { closeTo: "/bills", show: "inline", values: { amount: "1" } });
    expect(inline.status).toBe(409);
    expect(await inline.json()).toEqual({ values: { amount: "1" }, fieldErrors: {}, formError: "Offer closed" });
  });
});

describe("handleError's unexpected and fields none", () => {
  it("shows a bug or a 5xx as the route's message instead of re-throwing it, but lets a Response through", async () => {
    const toast = await handleError(new Error("boom"), { closeTo: "/bills", unexpected: "Something went wrong" });
    expect(toast.status).toBe(302);
    const inline = await handleError(new AppError(503, "Down"), { unexpected: "Could not delete" });
    expect(inline.status).toBe(500);
    expect(await inline.json()).toEqual({ fieldErrors: {}, formError: "Could not delete" });
    const response = new Response("x", { status: 400 });
    expect(await caught(handleError(response, { unexpected: "Could not delete" }))).toBe(response);
  });

  it("fields none: a field error of a hidden field is a toast at closeTo, not a 422 (was handleErrorAsToast)", async () => {
    const response = await handleError(AppError.validation({ month: "Pick an ended month" }), { closeTo: "/account/statements", fields: "none" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/statements");
  });
});

describe("recoverAs, nullOn and asFieldError", () => {
  it("turn a refusal into a state and re-throw anything else", () => {
    const gone = new AppError(404, "Job not found");
    expect(nullOn(404)(gone)).toBeNull();
    expect(() => nullOn(404)(new AppError(409, "Busy"))).toThrow("Busy");
    expect(() => nullOn(404)(new AppError(500, "Down"))).toThrow("Down");
    expect(recoverAs((error) => error.message)(new AppError(410, "Offer expired"))).toBe("Offer expired");
    const bug = new TypeError("bug");
    expect(() => recoverAs(() => 1)(bug)).toThrow(bug);
  });

  it("asFieldError puts a service's refusal on one field (422, the one shape)", () => {
    let thrown: unknown;
    try {
      asFieldError("file")(new AppError(413, "Please choose a file which is less than 10 MB in size"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(422);
    expect(fieldErrorsOf(thrown as AppError)).toEqual({ file: "Please choose a file which is less than 10 MB in size" });
  });
});

describe("pageError", () => {
  it("throws the 404 and 403 pages and re-throws the rest", async () => {
    const { pageError } = await import("./http.server");
    const page = (error: unknown) => {
      try {
        pageError(error);
      } catch (thrown) {
        return thrown;
      }
    };
    expect((page(new AppError(404, "Bill not found")) as Response).status).toBe(404);
    expect((page(new AppError(403, "No")) as Response).status).toBe(403);
    const conflict = new AppError(409, "x");
    expect(page(conflict)).toBe(conflict);
  });
});
