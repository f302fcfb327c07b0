import crypto from "node:crypto";

/** RFC 6238 TOTP (SHA-1, 30 s steps, 6 digits), what authenticator apps use. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(buffer: Buffer): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of buffer) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").replace(/\s+/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error("Invalid base32 secret");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function generateTotpSecret(): string {
  return base32Encode(crypto.randomBytes(20));
}

const STEP_SECONDS = 30;

/** The time step (30-second steps since 1970) of the instant `at`. */
export const totpStep = (at: number) => Math.floor(at / 1000 / STEP_SECONDS);

function codeOfStep(secret: string, step: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const digest = crypto.createHmac("sha1", base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = ((digest[offset] & 0x7f) << 24) | (digest[offset + 1] << 16) | (digest[offset + 2] << 8) | digest[offset + 3];
  return String(binary % 1_000_000).padStart(6, "0");
}

export function totpCode(secret: string, at: number = Date.now()): string {
  return codeOfStep(secret, totpStep(at));
}

/**
 * The time step whose code `code` is: the current step or one either side (clock drift); null when none. Callers that
 * accept a code remember the step, so that a code works once (docs/decisions/032).
 */
export function matchTotpStep(secret: string, code: string, at: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(at);
  for (const step of [current - 1, current, current + 1]) {
    if (crypto.timingSafeEqual(Buffer.from(codeOfStep(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

export function verifyTotp(secret: string, code: string, at: number = Date.now()): boolean {
  return matchTotpStep(secret, code, at) !== null;
}
