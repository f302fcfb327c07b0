// issue 14: temporary re-export, removed after merge
export { COMPANY_NOT_VERIFIED, requireVerifiedCompany } from "../modules/companies/service.server";
