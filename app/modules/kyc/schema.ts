/** Identity document upload (spec p1 §5, §9): JPG or PNG, under 10 MB (10,000,000 bytes), a file chosen. */
export const IDENTITY_DOCUMENT_MAX_BYTES = 10_000_000;
export const DOCUMENT_FORMAT = "Unsupported file format. Please upload your document in JPG or PNG format.";
export const DOCUMENT_TOO_LARGE = "Please choose a file which is less than 10 MB in size";
export const DOCUMENT_MISSING = "Please select your document.";
