/**
 * An MFA challenge signed by one web process is good on every other (issue 19: npm start runs one web process per CPU,
 * and a load balancer may send the code step elsewhere). A fresh copy of the auth module stands for another process:
 * it used to sign with a key made per process, so the code step answered "Error logging in" on every other process.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { sequelize } from "../../db/index";
import { generateTotpSecret, totpCode } from "../../app/modules/auth/totp.server";
import { makeUser, TEST_PASSWORD, testIp } from "../support/factories";
import type * as AuthService from "../../app/modules/auth/service.server";

afterAll(() => sequelize.close());

const anotherProcess = async () => {
  vi.resetModules();
  return (await import("../../app/modules/auth/service.server")) as typeof AuthService;
};

describe("the MFA challenge across web processes", () => {
  for (const [name, secret] of [
    ["without SESSION_SECRET (the key derived from the encryption key)", undefined],
    ["with SESSION_SECRET", "a-session-secret-of-the-deployment-0123"],
  ] as const) {
    it(`is accepted by another process ${name}, and a wrong code there is refused as a wrong code`, async () => {
      const saved = process.env.SESSION_SECRET;
      if (secret) process.env.SESSION_SECRET = secret;
      else delete process.env.SESSION_SECRET;
      try {
        const totp = generateTotpSecret();
        const user = await makeUser({ mfaSecret: totp });
        const first = await (await anotherProcess()).login({ email: user.username, password: TEST_PASSWORD, ip: testIp() });
        expect(first.kind).toBe("mfa");
        if (first.kind !== "mfa") return;
        const other = await anotherProcess();
        const wrongCode = totpCode(totp) === "000000" ? "111111" : "000000";
        await expect(other.login({ email: user.username, password: "", mfaChallenge: first.challenge, mfaCode: wrongCode, ip: testIp() })).rejects.toMatchObject({ code: "MFA_INVALID" });
        const done = await (await anotherProcess()).login({ email: user.username, password: "", mfaChallenge: first.challenge, mfaCode: totpCode(totp), ip: testIp() });
        expect(done.kind).toBe("session");
      } finally {
        if (saved === undefined) delete process.env.SESSION_SECRET;
        else process.env.SESSION_SECRET = saved;
      }
    });
  }
});
