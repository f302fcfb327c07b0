import { describe, expect, it } from "vitest";
import { isAtLeast, onboardingPath, type OnboardingSubject } from "./rules";

const user = (overrides: Partial<OnboardingSubject>): OnboardingSubject => ({
  onboardingState: "SIGNED_UP",
  verificationStatus: "NOT_VERIFIED",
  phoneNumber: null,
  isAdmin: false,
  ...overrides,
});

describe("the onboarding state machine (spec p1 §4)", () => {
  it("sends each state to its next step", () => {
    expect(onboardingPath(user({ onboardingState: "SIGNED_UP" }))).toBe("/activate?set_name=true");
    expect(onboardingPath(user({ onboardingState: "EMAIL_VERIFIED" }))).toBe("/activate?set_name=true");
    expect(onboardingPath(user({ onboardingState: "PASSWORD_UPDATED" }))).toBe("/activate?set_phone_number=true");
    expect(onboardingPath(user({ onboardingState: "PASSWORD_UPDATED", phoneNumber: "+64211234567" }))).toBe("/activate?verify_code=true");
    expect(onboardingPath(user({ onboardingState: "PHONE_NUMBER_VERIFIED" }))).toBe("/verify?step=user_details");
    expect(onboardingPath(user({ onboardingState: "PHONE_NUMBER_VERIFIED", verificationStatus: "VERIFICATION_FAILED" }))).toBe(
      "/verify?step=user_details&upload_document=true"
    );
    expect(onboardingPath(user({ onboardingState: "OWNER_VERIFIED" }))).toBe("/verify?step=business_details");
    expect(onboardingPath(user({ onboardingState: "BUSINESS_DETAILS_CONFIRMED" }))).toBeNull();
    expect(onboardingPath(user({ onboardingState: "ONBOARDED" }))).toBeNull();
  });

  it("lets admins skip the check", () => {
    expect(onboardingPath(user({ onboardingState: "SIGNED_UP", isAdmin: true }))).toBeNull();
  });

  it("orders states", () => {
    expect(isAtLeast("OWNER_VERIFIED", "PHONE_NUMBER_VERIFIED")).toBe(true);
    expect(isAtLeast("PASSWORD_UPDATED", "PHONE_NUMBER_VERIFIED")).toBe(false);
    expect(isAtLeast("ONBOARDED", "ONBOARDED")).toBe(true);
  });
});
