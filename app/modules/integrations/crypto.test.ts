import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../lib/env.server";
import { decryptSecret, DecryptionError, encryptSecret, isEncrypted, keyId, parseEncryptionKey, resetEncryptionKeyCache, signValue, verifySignedValue } from "./crypto.server";

const saved = { key: process.env.ENCRYPTION_KEY, dir: process.env.EARLYBIRD_DATA_DIR };

function use(env: { key?: string; dir?: string }) {
  if (env.key === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = env.key;
  if (env.dir !== undefined) process.env.EARLYBIRD_DATA_DIR = env.dir;
  resetEnvCache();
  resetEncryptionKeyCache();
}

describe("token encryption", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "eb-crypto-"));
  });
  afterEach(() => {
    use({ key: saved.key, dir: saved.dir });
  });

  it("round-trips with ENCRYPTION_KEY (hex or base64) and never stores the plain text", () => {
    const hex = "11".repeat(32);
    use({ key: hex, dir });
    const secret = "xero-refresh-token-é-✓";
    const stored = encryptSecret(secret);
    expect(stored).not.toContain(secret);
    expect(isEncrypted(stored)).toBe(true);
    expect(stored.startsWith(`ebk${keyId(Buffer.from(hex, "hex"))}:`)).toBe(true);
    expect(decryptSecret(stored)).toBe(secret);
    // A fresh IV each time.
    expect(encryptSecret(secret)).not.toBe(stored);
    use({ key: Buffer.from(hex, "hex").toString("base64"), dir });
    expect(decryptSecret(stored)).toBe(secret);
    expect(encryptSecret(null)).toBeNull();
    expect(decryptSecret(null)).toBeNull();
  });

  it("refuses altered ciphertext and another key", () => {
    use({ key: "22".repeat(32), dir });
    const stored = encryptSecret("secret");
    const parts = stored.split(":");
    const data = Buffer.from(parts[3]!, "base64url");
    data[0] = data[0]! ^ 1;
    expect(() => decryptSecret([parts[0], parts[1], parts[2], data.toString("base64url")].join(":"))).toThrow(DecryptionError);
    expect(() => decryptSecret("plain")).toThrow(DecryptionError);
    use({ key: "33".repeat(32), dir });
    expect(() => decryptSecret(stored)).toThrow(/another key/);
  });

  it("outside production without a key: generates one into the data directory (0600) once and reuses it", () => {
    use({ key: undefined, dir });
    const stored = encryptSecret("dev");
    const file = path.join(dir, "encryption.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const first = readFileSync(file, "utf8");
    resetEncryptionKeyCache();
    expect(decryptSecret(stored)).toBe("dev");
    expect(readFileSync(file, "utf8")).toBe(first);
  });

  it("signs values per purpose under the key", () => {
    use({ key: "44".repeat(32), dir });
    const mac = signValue("oauth-state", "abc");
    expect(verifySignedValue("oauth-state", "abc", mac)).toBe(true);
    expect(verifySignedValue("oauth-state", "abd", mac)).toBe(false);
    expect(verifySignedValue("other", "abc", mac)).toBe(false);
    use({ key: "55".repeat(32), dir });
    expect(verifySignedValue("oauth-state", "abc", mac)).toBe(false);
  });

  it("parses keys of 32 bytes only", () => {
    expect(parseEncryptionKey("ab".repeat(32))?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 7).toString("base64"))?.length).toBe(32);
    expect(parseEncryptionKey("ab".repeat(16))).toBeNull();
    expect(parseEncryptionKey("not a key at all, not at all!!!!!")).toBeNull();
  });
});
