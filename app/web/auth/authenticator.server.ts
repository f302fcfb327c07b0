/**
 * Login through remix-auth (issue 14 part 5). Two form strategies, one per step of the login form (spec p1 §5):
 * "form" checks the email and password (and a code sent along with them), "totp" the authenticator code of the second
 * step, which carries the signed challenge the password step returned. Both call the auth service's `login`, which keeps
 * the attempt limits, the messages and the database session; remix-auth v4 manages no session of its own, so the route
 * still sets the session cookie from the token and redirects as before.
 *
 * An Authenticator is made per request because the strategies need the client address (the load context's `ip`,
 * which a Request does not carry) for the per-IP attempt limit.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AppError } from "~/lib/errors";
import { LoginSchema } from "~/modules/auth/schema";
import { login, type LoginResult } from "~/modules/auth/service.server";
import { parseFormData } from "~/web/http.server";

export const PASSWORD_STRATEGY = "form";
export const TOTP_STRATEGY = "totp";
export type LoginStrategy = typeof PASSWORD_STRATEGY | typeof TOTP_STRATEGY;

/** What authenticating gives: a session for the user, or the challenge of the authenticator-code step. */
export type LoginOutcome = LoginResult;

/** The client the login comes from, as the web door knows it. */
export interface LoginClient {
  ip: string;
}

/** The login form's fields; the route has shown field errors already, so a form failing here is refused as a whole. */
const loginInput = (form: FormData) => parseFormData(form, LoginSchema);

export function loginAuthenticator(client: LoginClient): Authenticator<LoginOutcome> {
  const userAgent = (request: Request) => request.headers.get("User-Agent");
  return new Authenticator<LoginOutcome>()
    .use(
      new FormStrategy<LoginOutcome>(async ({ form, request }) => {
        const input = loginInput(form);
        return login({ email: input.email, password: input.password, mfaCode: input.mfaCode || undefined, ip: client.ip, userAgent: userAgent(request) });
      }),
      PASSWORD_STRATEGY,
    )
    .use(
      new FormStrategy<LoginOutcome>(async ({ form, request }) => {
        const input = loginInput(form);
        if (!input.mfaChallenge) throw new AppError(400, "The authenticator step needs its challenge", { code: "VALIDATION" });
        // The password step has passed: the challenge proves it, and no password is sent again.
        return login({ email: input.email, password: "", mfaCode: input.mfaCode || undefined, mfaChallenge: input.mfaChallenge, ip: client.ip, userAgent: userAgent(request) });
      }),
      TOTP_STRATEGY,
    );
}

/** The strategy for a login form: the authenticator-code step when it carries a challenge. */
export const loginStrategyOf = (form: FormData): LoginStrategy => (String(form.get("mfaChallenge") ?? "") ? TOTP_STRATEGY : PASSWORD_STRATEGY);
