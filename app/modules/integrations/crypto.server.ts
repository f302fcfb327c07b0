/**
 * Encryption of the accounting connections' secrets (decision 055): OAuth tokens and MYOB company-file credentials
 * are stored as AES-256-GCM ciphertext "ebk<keyId>:<iv>:<tag>:<ciphertext>" (base64url parts). The key is
 * ENCRYPTION_KEY (64 hex characters, or base64 of 32 bytes), required in production; elsewhere, when unset, a
 * development key is generated once into <EARLYBIRD_DATA_DIR>/encryption.key (mode 0600) and reused. The key id in
 * each ciphertext (a short fingerprint of the key) lets a later rotation keep old keys for decryption
 * (ENCRYPTION_KEY_PREVIOUS is not read yet: see the decision).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "../../lib/env.server";

const PREFIX = "ebk";
const ALGORITHM = "aes-256-gcm";

interface Key {
  id: string;
  bytes: Buffer;
}

let cached: { source: string; key: Key } | null = null;

/** 64 hex characters or base64 (standard or url) of exactly 32 bytes; null otherwise. */
export function parseEncryptionKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return null;
}

export const keyId = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex").slice(0, 8);

function developmentKeyFile(): string {
  return path.resolve(env().EARLYBIRD_DATA_DIR, "encryption.key");
}

function loadKey(): Key {
  const config = env();
  const configured = config.ENCRYPTION_KEY;
  const source = configured ? `env:${configured}` : `file:${developmentKeyFile()}`;
  if (cached && cached.source === source) return cached.key;
  let bytes: Buffer;
  if (configured) {
    const parsed = parseEncryptionKey(configured);
    if (!parsed) throw new Error("ENCRYPTION_KEY must be 32 bytes: 64 hex characters (openssl rand -hex 32) or base64");
    bytes = parsed;
  } else {
    if (config.APP_ENV === "production") throw new Error("ENCRYPTION_KEY is required in production");
    const file = developmentKeyFile();
    if (existsSync(file)) {
      const parsed = parseEncryptionKey(readFileSync(file, "utf8"));
      if (!parsed) throw new Error(`${file} does not hold a 32-byte key (64 hex characters)`);
      bytes = parsed;
    } else {
      mkdirSync(path.dirname(file), { recursive: true });
      bytes = randomBytes(32);
      try {
        writeFileSync(file, `${bytes.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
      } catch (error) {
        // Another process wrote it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const parsed = parseEncryptionKey(readFileSync(file, "utf8"));
        if (!parsed) throw error;
        bytes = parsed;
      }
      chmodSync(file, 0o600);
    }
  }
  const key = { id: keyId(bytes), bytes };
  cached = { source, key };
  return key;
}

const b64 = (buffer: Buffer) => buffer.toString("base64url");

/** Encrypts a secret; null stays null. */
export function encryptSecret(plain: string): string;
export function encryptSecret(plain: string | null | undefined): string | null;
export function encryptSecret(plain: string | null | undefined): string | null {
  if (plain === null || plain === undefined) return null;
  const key = loadKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key.bytes, iv);
  cipher.setAAD(Buffer.from(`${PREFIX}${key.id}`));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${key.id}:${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(data)}`;
}

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecryptionError";
  }
}

/** Decrypts what encryptSecret made; throws DecryptionError when tampered with or made with another key. */
export function decryptSecret(stored: string): string;
export function decryptSecret(stored: string | null | undefined): string | null;
export function decryptSecret(stored: string | null | undefined): string | null {
  if (stored === null || stored === undefined) return null;
  const match = /^ebk([0-9a-f]{8}):([A-Za-z0-9_-]+):([A-Za-z0-9_-]+):([A-Za-z0-9_-]*)$/.exec(stored);
  if (!match) throw new DecryptionError("Not an Earlybird ciphertext");
  const [, id, iv, tag, data] = match as unknown as [string, string, string, string, string];
  const key = loadKey();
  if (id !== key.id) throw new DecryptionError(`Encrypted with another key (${id}); the current key is ${key.id}`);
  try {
    const decipher = createDecipheriv(ALGORITHM, key.bytes, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`${PREFIX}${id}`));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError("The ciphertext was altered or the key is wrong");
  }
}

/** True when the value looks like our ciphertext. */
export const isEncrypted = (value: string | null | undefined): boolean => typeof value === "string" && value.startsWith(PREFIX) && value.split(":").length === 4;

/** A MAC of `value` under a key derived (HKDF) from the encryption key for one purpose, base64url. */
export function signValue(purpose: string, value: string): string {
  const key = Buffer.from(hkdfSync("sha256", loadKey().bytes, Buffer.alloc(0), Buffer.from(`earlybird:${purpose}`), 32));
  return createHmac("sha256", key).update(value).digest("base64url");
}

export function verifySignedValue(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signValue(purpose, value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Forgets the loaded key (tests that change ENCRYPTION_KEY or the data directory). */
export function resetEncryptionKeyCache(): void {
  cached = null;
}
