/**
 * Every model, with all associations set up in one place (GUIDE rule 14). Import models from here.
 * Each area keeps its association block in ./associations/<area>.ts.
 */
import { associateCore } from "./associations/core";
import { associateMoney } from "./associations/money";
import { associateTrade } from "./associations/trade";

export * from "./company";
export * from "./user";
export * from "./user-token";
export * from "./session";
export * from "./login-attempt";
export * from "./password-reset-request";
export * from "./feature-flag";
export * from "./runtime-config-entry";
export * from "./job";
export * from "./audit-log-entry";
export * from "./trade";
export * from "./money";

associateCore();
associateTrade();
associateMoney();
