import type { Transaction } from "sequelize";
import { User, type OnboardingState } from "../../../db/models/index";
import { AppError } from "../../lib/errors";
import { onboardingRank } from "./rules";

/**
 * Moves a user's onboarding state forward to `to` (spec p1 §4), in the caller's transaction under a row lock. It
 * never moves back: a user already at or past `to` keeps their state. Returns the state after the call.
 */
export async function advanceOnboarding(t: Transaction, userId: number, to: OnboardingState): Promise<OnboardingState> {
  const user = await User.findByPk(userId, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id", "onboardingState"] });
  if (!user) throw new AppError(404, "User not found");
  if (onboardingRank(user.onboardingState) >= onboardingRank(to)) return user.onboardingState;
  await User.update({ onboardingState: to }, { where: { id: userId }, transaction: t });
  return to;
}
