export { envFlagOverride, validateFlagEnvironment } from "./flag-environment.server";

// issue 14: temporary re-export, removed after merge
export { getFeatureFlags, isFeatureEnabled } from "../modules/settings/service.server";
