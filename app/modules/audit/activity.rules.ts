/** How an audit entry reads on the admin's Activity tab (p3 §2.4): pure, no I/O. */

/** "BANK_ACCOUNT_ADDED" → "Bank account added"; "bill.authorise" → "Bill authorise". */
export function actionWords(action: string): string {
  const words = action
    .replace(/[._-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : "Activity";
}

/** What happened, with the record it concerns: "Bank account added (bank account 12)". */
export function activityWhat(action: string, entityType: string | null, entityId: string | null): string {
  const what = actionWords(action);
  if (!entityType) return what;
  const entity = entityType.replace(/[._-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return entityId ? `${what} (${entity} ${entityId})` : `${what} (${entity})`;
}

/** Who did it: the user's name and e-mail (an admin marked as such), or Earlybird for the operator, jobs and the system. */
export function activityWho(user: { firstName: string | null; lastName: string | null; email: string; isAdmin: boolean } | null): string {
  if (!user) return "Earlybird";
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const who = name ? `${name} (${user.email})` : user.email;
  return user.isAdmin ? `${who}, admin` : who;
}
