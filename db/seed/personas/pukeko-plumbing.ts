/** The admin's KYC review (issue 6 part 7, tests/e2e/kyc-admin.spec.ts; no other spec touches it). */
import { Company, IdentityDocument, User, VerificationHistoryEntry } from "../../models/index";
import { addDays } from "../../../app/lib/dates";
import type { SeedContext } from "../demo-shared";

/** A small PNG "licence" card (240 x 150) for the seeded identity document. */
const SAMPLE_LICENCE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAPAAAACWCAIAAABvmpKCAAAByElEQVR42u3cMRGAMBBFwchBCSJQQo0cahwgh5KhxwIFYfjJ3jwFZKvkhjKMs9RMxScQ0BLQEtAS0AJaAloCWgJaAlpAS0BLQEtAS0ALaAloCWgJaAloAS0BLQEtAS0BLaAloCWgJaAloAW0BLQEtPQK6Os8pLiAFtAS0BLQEtACGmgBLQEtAS0BLaCBVs+g122Py5EDDbSABlpAAy2ga4GezA8GaKCBBhpooIE2QANtgAYaaKCBBhpooIH2sCIPK0ALaKAFNNBAAy2ggRbQQAtooAU00EADLaCBFtBAC+j6oBfzeIAGGmiggQYaaKCBBhpooIEGGmjXdgIaaAENNNBAC2igBTTQAhpoAQ000EALaKAFNNACGmgBbTmp1dUloIEGGmgDNNBAAw000EADDTTQcm0HtIAGWkADLaCBBhpoAQ20gAZaQAMtoIEGGmgBDbSAtpzU509vgQYaaKCBBhpooIEGGmiggQYaaNd2AhpooIEW0EALaKAFNNACGmiggRbQQAtooAU00ALaqQMNtIAGWmmgJaAloCWgBTTQAloCWgJaAlpAAy2gJaAloCWgBbQEtAS0BLQEtICW8kFL6QEtoCWgpQ+6AfSmHUwYLQX6AAAAAElFTkSuQmCC",
  "base64"
);

/**
 * A company waiting for the admin's KYC review (tests/e2e/kyc-admin.spec.ts; no other spec touches it): Pukeko
 * Plumbing Limited (NZ), business details confirmed, its Earlybird user Drew Kahu (drew@pukekoplumbing.test) VERIFIED
 * by the identity check, and an owner, Ari Pending, who uploaded a driver's licence (VERIFICATION_PENDING): so the
 * company is VERIFICATION_PENDING. Seeded last, so the rows above keep their ids.
 */
export async function seedKycPendingCompany({ t, passwordHash, todayNz }: SeedContext): Promise<void> {
  const at = (daysAgo: number, time: string) => new Date(`${addDays(todayNz, -daysAgo)}T${time}Z`);
  const pukeko = await Company.create(
    {
      companyName: "Pukeko Plumbing Limited",
      country: "NZ",
      status: "ACTIVE",
      verificationStatus: "VERIFICATION_PENDING",
      nzbn: "9429048881234",
      registrationNumber: "6888123",
      industryCode: "E323100",
      industryCodeDescription: "Plumbing services",
      website: "pukekoplumbing.test",
      address: { line1: "7 Raroa Road", city: "Lower Hutt", postcode: "5010", country: "New Zealand", countryCode: "NZ" },
      acknowledgementText: "I warrant that I am an authorised representative with authority to pay on behalf of the company.",
      acknowledgementTimestamp: at(2, "21:10:00"),
    },
    { transaction: t }
  );
  const drew = await User.create(
    {
      username: "drew@pukekoplumbing.test",
      roles: ["ROLE_USER"],
      companyId: pukeko.id,
      firstName: "Drew",
      lastName: "Kahu",
      dateOfBirth: "1986-02-14",
      driversLicenceNumber: "DK123456",
      driversLicenceVersion: "123",
      verificationStatus: "VERIFIED",
      phoneNumber: "+64215550188",
      phoneNumberVerified: true,
      passwordHash,
      onboardingState: "ONBOARDED",
      createdAt: at(3, "20:00:00"),
    },
    { transaction: t }
  );
  const ari = await User.create(
    {
      username: "ari.pending@pukekoplumbing.test",
      roles: ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"],
      companyId: pukeko.id,
      firstName: "Ari",
      lastName: "Pending",
      ownershipPercent: "50.00",
      verificationStatus: "VERIFICATION_PENDING",
      onboardingState: "SIGNED_UP",
      lastModifiedBy: drew.id,
      createdAt: at(3, "20:05:00"),
    },
    { transaction: t }
  );
  await VerificationHistoryEntry.create(
    {
      userId: drew.id,
      status: "VERIFIED",
      modifiedByUserId: drew.id,
      details: { firstName: "Drew", lastName: "Kahu", dateOfBirth: "1986-02-14", driversLicenceNumber: "DK123456", driversLicenceVersion: "123", provider: "sandbox" },
      createdAt: at(3, "20:10:00"),
    },
    { transaction: t }
  );
  await VerificationHistoryEntry.create(
    { userId: ari.id, status: "VERIFICATION_FAILED", modifiedByUserId: drew.id, details: { firstName: "Ari", lastName: "Pending", reasons: ["Licence not found"] }, createdAt: at(2, "21:00:00") },
    { transaction: t }
  );
  const licence = await IdentityDocument.create(
    { userId: ari.id, fileName: "ari-licence.png", mimeType: "image/png", sizeBytes: SAMPLE_LICENCE_PNG.length, content: SAMPLE_LICENCE_PNG, uploadedByUserId: drew.id, createdAt: at(2, "21:05:00") },
    { transaction: t }
  );
  await VerificationHistoryEntry.create(
    { userId: ari.id, status: "VERIFICATION_PENDING", modifiedByUserId: drew.id, identityDocumentId: licence.id, createdAt: at(2, "21:05:00") },
    { transaction: t }
  );
}
