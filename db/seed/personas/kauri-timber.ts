/**
 * Kauri Timber Co Ltd (NZ): a verified member that has not activated its account. Casey (casey@kauritimber.test) is
 * verified, with a phone for the SMS code of the bank account wizard; no Earlybird account, no bank account, no money.
 * The whole money path starts from here (tests/e2e/funds-flow.spec.ts; no other spec touches it).
 */
import { Company, User } from "../../models/index";
import { memberSettings, type SeedContext } from "../demo-shared";

export function kauriTimberCompany({ t }: SeedContext): Promise<Company> {
  return Company.create(
    {
      companyName: "Kauri Timber Co Ltd",
      country: "NZ",
      status: "ACTIVE",
      verificationStatus: "VERIFIED",
      nzbn: "9429043456789",
      registrationNumber: "6345678",
      industryCode: "F333000",
      industryCodeDescription: "Timber and hardware goods wholesaling",
      website: "kauritimber.test",
      address: { line1: "3 Mill Road", city: "Whangarei", postcode: "0110", country: "New Zealand", countryCode: "NZ" },
    },
    { transaction: t },
  );
}

export const kauriTimberUser = ({ t, passwordHash }: SeedContext, kauri: Company): Promise<User> =>
  User.create(
    {
      username: "casey@kauritimber.test",
      roles: ["ROLE_USER"],
      companyId: kauri.id,
      firstName: "Casey",
      lastName: "Kauri",
      verificationStatus: "VERIFIED",
      phoneNumber: "+64215550142",
      phoneNumberVerified: true,
      dateOfBirth: "1988-09-03",
      passwordHash,
      onboardingState: "ONBOARDED",
    },
    { transaction: t },
  );

export const kauriTimberSettings = (ctx: SeedContext, kauri: Company) => memberSettings(ctx, kauri);
