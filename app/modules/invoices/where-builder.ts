/**
 * A small typed WHERE builder for the lists' hand-written SQL (list-where.ts), pure: no I/O.
 *
 * The lists' queries are raw SQL on purpose (docs/decisions/008: partial indexes the planner must prove, keyset
 * pages, capped counts), so the builder only structures what was string concatenation: a condition is SQL text, an
 * AND or OR of conditions, or a residual. A residual is a condition the planner cannot judge (the exact D2 formula, a
 * NOT IN over the open offers), so the count's estimate leaves it out: rendered for the estimate, it is `true`. Each
 * condition is added with the replacements it uses, so a clause and its values cannot drift apart.
 */

/** SQL text, an AND or OR of conditions (parenthesised when nested), or a residual (left out of the estimate). */
export type Condition = string | { and: readonly Condition[] } | { or: readonly Condition[] } | { residual: Condition };

export const and = (...conditions: Condition[]): Condition => ({ and: conditions });
export const or = (...conditions: Condition[]): Condition => ({ or: conditions });
/** A condition the planner's estimate leaves out (see the file's comment). */
export const residual = (condition: Condition): Condition => ({ residual: condition });

/** "query": the SQL that runs; "estimate": the same with every residual `true`, for the planner's row estimate. */
export type RenderMode = "query" | "estimate";

export function renderCondition(condition: Condition, mode: RenderMode): string {
  if (typeof condition === "string") return condition;
  if ("residual" in condition) return mode === "estimate" ? "true" : renderCondition(condition.residual, mode);
  if ("and" in condition) return `(${condition.and.map((part) => renderCondition(part, mode)).join(" AND ")})`;
  return `(${condition.or.map((part) => renderCondition(part, mode)).join(" OR ")})`;
}

export interface BuiltWhere {
  /** The WHERE clause's conditions as they run. */
  where: string;
  /** The same with the residuals `true`: what the count's planner estimate is asked about (count.server.ts). */
  estimateWhere: string;
  replacements: Record<string, unknown>;
}

/** Top-level conditions joined by AND, each with the replacements it needs. */
export class WhereBuilder {
  private readonly conditions: Condition[] = [];
  private readonly replacements: Record<string, unknown>;

  constructor(replacements: Record<string, unknown> = {}) {
    this.replacements = { ...replacements };
  }

  add(condition: Condition, replacements: Record<string, unknown> = {}): this {
    this.conditions.push(condition);
    Object.assign(this.replacements, replacements);
    return this;
  }

  build(): BuiltWhere {
    const render = (mode: RenderMode) => this.conditions.map((condition) => renderCondition(condition, mode)).join("\n  AND ");
    return { where: render("query"), estimateWhere: render("estimate"), replacements: { ...this.replacements } };
  }
}
