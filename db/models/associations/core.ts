import { AuditLogEntry } from "../audit-log-entry";
import { Company } from "../company";
import { Job } from "../job";
import { Session } from "../session";
import { User } from "../user";
import { UserToken } from "../user-token";

export function associateCore() {
  Company.hasMany(User, { foreignKey: "companyId", as: "users" });
  User.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  User.hasMany(Session, { foreignKey: "userId", as: "sessions" });
  Session.belongsTo(User, { foreignKey: "userId", as: "user" });
  User.hasMany(UserToken, { foreignKey: "userId", as: "tokens" });
  UserToken.belongsTo(User, { foreignKey: "userId", as: "user" });
  Job.belongsTo(User, { foreignKey: "ownerUserId", as: "owner" });
  Job.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  AuditLogEntry.belongsTo(User, { foreignKey: "actorUserId", as: "actor" });
  AuditLogEntry.belongsTo(Company, { foreignKey: "companyId", as: "company" });
}
