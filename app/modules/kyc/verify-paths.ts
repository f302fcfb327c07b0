/** The /verify URLs of the onboarding's verification steps (spec p1 §2, §4), shared by the step machine, the route and the screens. */
export const USER_DETAILS_PATH = "/verify?step=user_details";
export const UPLOAD_OWN_DOCUMENT_PATH = "/verify?step=user_details&upload_document=true";
export const BUSINESS_DETAILS_PATH = "/verify?step=business_details";
export const OWNERS_LIST_PATH = "/verify?step=beneficial_owners&list=true";
export const detailsPath = (userId: number) => `/verify?step=beneficial_owners&details=true&userId=${userId}`;
export const successPath = (userId: number) => `/verify?step=beneficial_owners&success=true&userId=${userId}`;
export const uploadPath = (userId: number) => `/verify?step=beneficial_owners&upload=true&userId=${userId}`;
