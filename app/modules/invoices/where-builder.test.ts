import { describe, expect, it } from "vitest";
import { and, or, renderCondition, residual, WhereBuilder } from "./where-builder";

describe("where-builder", () => {
  it("parenthesises nested ANDs and ORs and joins the top level with AND", () => {
    const built = new WhereBuilder({ companyId: 7 })
      .add("i.issued_by = :companyId")
      .add(and("a", or("b", and("c", "d"))))
      .add("i.due_date >= CAST(:dateFrom AS date)", { dateFrom: "2026-01-01" })
      .build();
    expect(built.where).toBe("i.issued_by = :companyId\n  AND (a AND (b OR (c AND d)))\n  AND i.due_date >= CAST(:dateFrom AS date)");
    expect(built.replacements).toEqual({ companyId: 7, dateFrom: "2026-01-01" });
  });

  it("a residual runs in the query and is true in the estimate", () => {
    const condition = and("a", residual("NOT (x IN (SELECT 1))"), residual(or(and("b", "c"), "d")));
    expect(renderCondition(condition, "query")).toBe("(a AND NOT (x IN (SELECT 1)) AND ((b AND c) OR d))");
    expect(renderCondition(condition, "estimate")).toBe("(a AND true AND true)");
    const built = new WhereBuilder().add("a").add(residual("b")).build();
    expect(built).toEqual({ where: "a\n  AND b", estimateWhere: "a\n  AND true", replacements: {} });
  });
});
