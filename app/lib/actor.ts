import type { Role } from "../../db/models/user";

/** Who is acting: every service takes it first and scopes every query by it (GUIDE rule 2). */
export interface Actor {
  userId: number;
  companyId: number | null;
  roles: Role[];
}

export const isAdminActor = (actor: Pick<Actor, "roles">) => actor.roles[0] === "ROLE_ADMIN";
