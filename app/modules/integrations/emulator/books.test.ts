import { describe, expect, it } from "vitest";
import { organisationForEmail } from "./books";

describe("organisationForEmail (the emulator's consent)", () => {
  it("gives the demo users their ready-made organisations", () => {
    expect(organisationForEmail("robin@rimugrocers.test")).toBe("Rimu Grocers Ltd");
    expect(organisationForEmail("taylor@tuitrading.test")).toBe("Tui Trading Ltd");
  });

  it("names a new organisation from a company's domain, shared by its users", () => {
    expect(organisationForEmail("pat@harbourfoods.test")).toBe("Harbourfoods Ltd");
    expect(organisationForEmail("lee@harbourfoods.test")).toBe("Harbourfoods Ltd");
  });

  it("gives each user of a shared domain an organisation of their own", () => {
    expect(organisationForEmail("user-ab12@example.test")).toBe("User ab12 Ltd");
    expect(organisationForEmail("user-cd34@example.test")).not.toBe(organisationForEmail("user-ab12@example.test"));
    expect(organisationForEmail("jo.smith@gmail.com")).toBe("Jo smith Ltd");
  });
});
