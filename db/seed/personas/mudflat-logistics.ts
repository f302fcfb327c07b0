/** The verification demo (issue 6 part 5, tests/e2e/verify.spec.ts; no other spec touches it). */
import { Company, User } from "../../models/index";
import { memberSettings, type SeedContext } from "../demo-shared";

/**
 * Mudflat Logistics Limited (NZ, in the local register: fixtures/register/README.md) with its primary user Jamie
 * Mudflat (jamie@mudflat.test), who has activated the account (phone verified) but not verified anything yet: logging
 * in leads to /verify. The register's owners (Jamie himself as director, Harriet Anne Kingi 30 %) are created by
 * /verify on first need, not here. Seeded last, so the rows above keep their ids.
 */
export async function seedVerificationDemo(ctx: SeedContext): Promise<void> {
  const { t, passwordHash } = ctx;
  const mudflat = await Company.create(
    {
      companyName: "Mudflat Logistics Limited",
      country: "NZ",
      status: "PENDING",
      verificationStatus: "NOT_VERIFIED",
      registrationNumber: "8812345",
      nzbn: "9429048812344",
    },
    { transaction: t },
  );
  await User.create(
    {
      username: "jamie@mudflat.test",
      roles: ["ROLE_USER"],
      companyId: mudflat.id,
      firstName: "Jamie",
      lastName: "Mudflat",
      phoneNumber: "+64215550188",
      phoneNumberVerified: true,
      passwordHash,
      onboardingState: "PHONE_NUMBER_VERIFIED",
    },
    { transaction: t },
  );
  await memberSettings(ctx, mudflat);
}
