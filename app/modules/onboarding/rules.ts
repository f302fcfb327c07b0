import type { OnboardingState, PersonVerificationStatus } from "../../../db/models/user";

/** The server-reported user states of spec p1 §4, in the order a new user passes them. */
export const ONBOARDING_ORDER: readonly OnboardingState[] = [
  "SIGNED_UP",
  "EMAIL_VERIFIED",
  "PASSWORD_UPDATED",
  "PHONE_NUMBER_VERIFIED",
  "OWNER_VERIFIED",
  "BUSINESS_DETAILS_CONFIRMED",
  "ONBOARDED",
];

export const onboardingRank = (state: OnboardingState) => ONBOARDING_ORDER.indexOf(state);

/** Whether a user in `state` has reached `target` (or passed it). */
export const isAtLeast = (state: OnboardingState, target: OnboardingState) => onboardingRank(state) >= onboardingRank(target);

export interface OnboardingSubject {
  onboardingState: OnboardingState;
  verificationStatus: PersonVerificationStatus;
  phoneNumber: string | null;
  isAdmin: boolean;
}

/**
 * Where the onboarding state machine (spec p1 §4) sends a user now, or null once they may use the app. Admins skip
 * the check. Activation steps come before a password exists, so their pages also accept the e-mailed token.
 */
export function onboardingPath(user: OnboardingSubject): string | null {
  if (user.isAdmin) return null;
  switch (user.onboardingState) {
    case "SIGNED_UP":
    case "EMAIL_VERIFIED":
      return "/activate?set_name=true";
    case "PASSWORD_UPDATED":
      return user.phoneNumber ? "/activate?verify_code=true" : "/activate?set_phone_number=true";
    case "PHONE_NUMBER_VERIFIED":
      return user.verificationStatus === "VERIFICATION_FAILED" ? "/verify?step=user_details&upload_document=true" : "/verify?step=user_details";
    case "OWNER_VERIFIED":
      return "/verify?step=business_details";
    case "BUSINESS_DETAILS_CONFIRMED":
    case "ONBOARDED":
      return null;
  }
}
