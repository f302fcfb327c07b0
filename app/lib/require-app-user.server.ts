// issue 14: temporary re-export, removed after merge
export * from "../web/require-app-user.server";
