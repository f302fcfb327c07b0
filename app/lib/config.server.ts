// issue 14: temporary re-export, removed after merge
export { getConfigNumber, getConfigValue, getRuntimeConfig } from "../modules/settings/service.server";
