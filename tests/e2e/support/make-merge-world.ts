/**
 * Test helper for the merge browser test (issue 15 part 6): in the e2e server's database, a root purchaser with a
 * duplicate supplier ("<name> Limited", INACTIVE) and the real one, three bills and a credit note on the duplicate, one
 * bill's number already taken by the real one.
 * Prints the ids as JSON. Run with tsx and EARLYBIRD_DATA_DIR set to the server's data directory (merge-world.ts).
 */
import { ensureDatabase } from "../../../db/bootstrap";

process.env.JOBS_ENABLED = "false";
const { suffix } = JSON.parse(process.argv[2] ?? "{}") as { suffix: string };
await ensureDatabase({ quiet: true });
const { sequelize } = await import("../../../db/index");
const { insertBills, insertCreditNote, makeMergePair } = await import("../../support/merge-factories");
const pair = await makeMergePair({ fromName: `Merge Supplies Limited ${suffix}`, toName: `Merge Supplies Ltd ${suffix}`, fromContactEmail: "accounts@mergesupplies.test" });
await pair.root.update({ companyName: `Merge Root ${suffix}` });
await insertBills(pair.root, pair.fromCompany, 3, `MS${suffix}`);
// The kept supplier already has bill MS<suffix>-1: that one stays with the duplicate (an invalid item of the plan).
await insertBills(pair.root, pair.toCompany, 1, `MS${suffix}`);
await insertCreditNote(pair.fromCompany, pair.root, `MS${suffix}-CN`);
await sequelize.close();
console.log(
  JSON.stringify({ rootId: pair.root.id, fromId: pair.from.id, toId: pair.to.id, fromName: pair.fromCompany.companyName, toName: pair.toCompany.companyName, takenNumber: `MS${suffix}-1` })
);
