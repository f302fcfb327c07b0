/**
 * A company's activity (spec p3 §2.4 Activity tab; docs/decisions/062): the company's audit trail, newest first, a page
 * at a time, each entry with who did it (a user's name and e-mail, or Earlybird for the operator and jobs), what
 * (the action in words, and the record it concerns) and when. Admins only; scoped by the company the URL names.
 */
import { LIST_PAGE_SIZES } from "../../lib/list-page";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { companyForAdmin } from "../companies/admin-company.server";
import { activityWhat, activityWho } from "./activity.rules";

export const ACTIVITY_PAGE_SIZE = 25;

export interface ActivityRow {
  id: number;
  /** "Pat Harbour (pat@harbourfoods.test)", or "Earlybird" for the operator and jobs. */
  who: string;
  what: string;
  /** ISO instant. */
  when: string;
}

export interface ActivityPage {
  rows: ActivityRow[];
  total: number;
  page: number;
  size: number;
  timeZone: string;
}

export async function listCompanyActivity(actor: Actor, companyId: number, query: { page: number; size?: number | null }): Promise<ActivityPage> {
  const company = await companyForAdmin(actor, companyId);
  const [{ count }] = await sequelize.query<{ count: string }>("SELECT count(*) AS count FROM audit_log WHERE company_id = :companyId", {
    type: QueryTypes.SELECT,
    replacements: { companyId },
  });
  const total = Number(count);
  const size = query.size && LIST_PAGE_SIZES.includes(query.size) ? query.size : ACTIVITY_PAGE_SIZE;
  const page = Math.max(1, Math.min(query.page, Math.max(1, Math.ceil(total / size))));
  const rows = await sequelize.query<{
    id: string;
    action: string;
    entity_type: string | null;
    entity_id: string | null;
    created_at: Date;
    first_name: string | null;
    last_name: string | null;
    username: string | null;
    is_admin: boolean | null;
  }>(
    `SELECT a.id::text AS id, a.action, a.entity_type, a.entity_id, a.created_at,
            u.first_name, u.last_name, u.username, u.roles[1] = 'ROLE_ADMIN' AS is_admin
       FROM audit_log a
       LEFT JOIN users u ON u.id = a.actor_user_id
      WHERE a.company_id = :companyId
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT :limit OFFSET :offset`,
    { type: QueryTypes.SELECT, replacements: { companyId, limit: size, offset: (page - 1) * size } }
  );
  return {
    total,
    page,
    size,
    timeZone: company.timeZone,
    rows: rows.map((row) => ({
      id: Number(row.id),
      who: activityWho(row.username ? { firstName: row.first_name, lastName: row.last_name, email: row.username, isAdmin: Boolean(row.is_admin) } : null),
      what: activityWhat(row.action, row.entity_type, row.entity_id),
      when: new Date(row.created_at).toISOString(),
    })),
  };
}
