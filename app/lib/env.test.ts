import { afterEach, describe, expect, it } from "vitest";
import { appOrigin } from "./app-url.server";
import { env, resetEnvCache } from "./env.server";

const saved = { APP_ENV: process.env.APP_ENV, APP_URL: process.env.APP_URL, PORT: process.env.PORT, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

function withEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

describe("APP_URL (issue 13 part 6)", () => {
  it("production refuses to start without it, saying what to set", () => {
    withEnv({ APP_ENV: "production", APP_URL: undefined });
    expect(() => env()).toThrow(/APP_URL: required when APP_ENV=production: set it to Earlybird's public address \(e\.g\. APP_URL=https:\/\/app\.earlybird\.nz\)/);
  });

  it("production starts with it, and e-mailed links use it", () => {
    withEnv({ APP_ENV: "production", APP_URL: "https://app.earlybird.example/", ENCRYPTION_KEY: "0".repeat(64) });
    expect(env().APP_URL).toBe("https://app.earlybird.example/");
    expect(appOrigin()).toBe("https://app.earlybird.example");
  });

  it("outside production, unset means the listening address", () => {
    withEnv({ APP_ENV: "development", APP_URL: undefined, PORT: "3456" });
    expect(appOrigin()).toBe("http://localhost:3456");
  });

  it("must be an http(s) address", () => {
    withEnv({ APP_ENV: "development", APP_URL: "javascript:alert(1)" });
    expect(() => env()).toThrow(/APP_URL: must start with http:\/\/ or https:\/\//);
  });
});

describe("ENCRYPTION_KEY (issue 18: accounting tokens at rest)", () => {
  it("production refuses to start without it, saying how to make one", () => {
    withEnv({ APP_ENV: "production", APP_URL: "https://app.earlybird.example", ENCRYPTION_KEY: undefined });
    expect(() => env()).toThrow(/ENCRYPTION_KEY: required when APP_ENV=production: 32 random bytes as 64 hex characters \(openssl rand -hex 32\)/);
  });

  it("is optional outside production", () => {
    withEnv({ APP_ENV: "development", ENCRYPTION_KEY: undefined });
    expect(env().ENCRYPTION_KEY).toBeUndefined();
  });
});
