import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editAmountInput, formatAmountInputOnBlur } from "./amount-input";

describe("the amount input (p1 §5, p2 §5; issue 13 part 19)", () => {
  it("keeps an edit that is (part of) an amount", () => {
    for (const value of ["", "1", "12", "12.", "12.5", "12.55", "0.", "007"]) expect(editAmountInput(value, "9")).toBe(value);
  });

  it("refuses any other edit and keeps what was typed before it, never clearing the field", () => {
    expect(editAmountInput("-", "")).toBe("");
    expect(editAmountInput("-5", "5")).toBe("5");
    expect(editAmountInput("10.555", "10.55")).toBe("10.55");
    expect(editAmountInput("12a", "12")).toBe("12");
    expect(editAmountInput("abc", "40.00")).toBe("40.00");
    expect(editAmountInput("1.2.3", "1.2")).toBe("1.2");
  });

  it('turns "." into "0." and reads a pasted "$1,234.50"', () => {
    expect(editAmountInput(".", "")).toBe("0.");
    expect(editAmountInput("$1,234.50", "")).toBe("1234.50");
  });

  it("shows two decimals on blur", () => {
    expect(formatAmountInputOnBlur("12")).toBe("12.00");
    expect(formatAmountInputOnBlur("12.5")).toBe("12.50");
    expect(formatAmountInputOnBlur("0.")).toBe("0.00");
    expect(formatAmountInputOnBlur("007.1")).toBe("7.10");
    expect(formatAmountInputOnBlur("")).toBe("");
  });

  it("never holds anything but an amount with at most 2 decimals, whatever is typed", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 12 }), (edits) => {
        let value = "";
        for (const edit of edits) {
          value = editAmountInput(value + edit, value);
          expect(value).toMatch(/^\d*(?:\.\d{0,2})?$/);
        }
        expect(formatAmountInputOnBlur(value)).toMatch(/^(?:|\d+\.\d{2})$/);
      })
    );
  });
});
