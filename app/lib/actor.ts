/** The roles a user row can hold (users.roles); db/models/user re-exports them so lib stays a leaf. */
export const ROLES = ["ROLE_ADMIN", "ROLE_USER", "ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"] as const;
export type Role = (typeof ROLES)[number];

/** The operator's role: never stored on a user row, only carried by the OPERATOR actor. */
export type OperatorRole = "ROLE_OPERATOR";
export type ActorRole = Role | OperatorRole;

/** Who is acting: every service takes it first and scopes every query by it (GUIDE rule 2). */
export interface Actor {
  userId: number;
  companyId: number | null;
  roles: ActorRole[];
  /** Set only on the operator (CLI and jobs); a signed-in user's actor has no kind. */
  kind?: "operator";
}

/**
 * The CLI and the background jobs act as the operator (GUIDE rule 19): no user row (userId 0, recorded as a null
 * actor_user_id in the audit log), admin powers, and a company only when a command acts for one (`operatorFor`).
 */
export interface OperatorActor extends Actor {
  kind: "operator";
  userId: 0;
  roles: ["ROLE_OPERATOR"];
}

export const OPERATOR: OperatorActor = Object.freeze({ kind: "operator", userId: 0, companyId: null, roles: ["ROLE_OPERATOR"] }) as OperatorActor;

/** The operator acting for one company (`earlybird import --company 12`). */
export const operatorFor = (companyId: number): OperatorActor => ({ kind: "operator", userId: 0, companyId, roles: ["ROLE_OPERATOR"] });

export const isOperator = (actor: Pick<Actor, "kind" | "roles"> | null | undefined): boolean =>
  actor?.kind === "operator" || actor?.roles[0] === "ROLE_OPERATOR";

/** An admin, or the operator (who has an admin's powers from the CLI and jobs). */
export const isAdminActor = (actor: Pick<Actor, "roles"> & Partial<Pick<Actor, "kind">>) => actor.roles[0] === "ROLE_ADMIN" || isOperator(actor);

/** The user id to record for an actor (audit log, last_modified_by): null for the operator, who has no user row. */
export const actingUserId = (actor: Pick<Actor, "userId"> | null | undefined): number | null => (actor && actor.userId > 0 ? actor.userId : null);
