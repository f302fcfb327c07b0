/**
 * The OAuth 2.0 state of a connection in flight (decision 055): 32 random bytes (base64url), signed with a key derived
 * from ENCRYPTION_KEY, stored in oauth_states
 * with the user, the company, a SHA-256 of the session id, where the flow began (settings or sign-up), a PKCE S256
 * verifier, a 10-minute expiry; spent on first use. A callback whose state is unknown, altered, expired, already
 * used, or bound to another user, company or session is refused.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { Op, type Transaction } from "sequelize";
import type { AccountingProvider } from "../../../db/models/accounting-connection";
import { OauthState } from "../../../db/models/oauth-state";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { signValue, verifySignedValue } from "./crypto.server";

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export type ReturnTo = "settings" | "signup";

/** What oauth_states.redirect_after holds (JSON): where the flow began and the session it is bound to. */
interface StateBinding {
  returnTo: ReturnTo;
  sessionHash: string | null;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(48));
  return { verifier, challenge: base64url(createHash("sha256").update(verifier).digest()) };
}

/** 32 random bytes, signed (`<random>.<mac>`), so an altered state is refused before any lookup. */
export function newState(): string {
  const random = base64url(randomBytes(32));
  return `${random}.${signValue("oauth-state", random)}`;
}

function signedState(state: string): boolean {
  const [random, mac, extra] = state.split(".");
  return Boolean(random && mac && extra === undefined && verifySignedValue("oauth-state", random, mac));
}

export interface CreatedState {
  state: string;
  codeVerifier: string;
  codeChallenge: string;
}

export async function createOauthState(
  actor: Actor,
  input: { provider: AccountingProvider; returnTo: ReturnTo; sessionId?: string | null },
  options: { transaction?: Transaction; now?: Date } = {},
): Promise<CreatedState> {
  const now = options.now ?? new Date();
  const state = newState();
  const { verifier, challenge } = pkcePair();
  const binding: StateBinding = { returnTo: input.returnTo, sessionHash: input.sessionId ? sha256(input.sessionId) : null };
  await OauthState.create(
    {
      state,
      companyId: actor.companyId,
      userId: actor.userId > 0 ? actor.userId : null,
      provider: input.provider,
      codeVerifier: verifier,
      redirectAfter: JSON.stringify(binding),
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    },
    { transaction: options.transaction },
  );
  // Old states are of no use: keep the table small.
  await OauthState.destroy({ where: { expiresAt: { [Op.lt]: new Date(now.getTime() - 24 * 60 * 60_000) } }, transaction: options.transaction });
  return { state, codeVerifier: verifier, codeChallenge: challenge };
}

export interface ConsumedState {
  provider: AccountingProvider;
  companyId: number;
  userId: number;
  codeVerifier: string | null;
  returnTo: ReturnTo;
}

const refuse = (reason: string) => new AppError(400, "The authorisation could not be verified", { code: "OAUTH_STATE_INVALID", details: { reason } });

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Spends a state: checks it against the session and the actor, marks it used (in the caller's transaction when
 * given, else at once, so a replay fails even when the rest of the callback fails).
 */
export async function consumeOauthState(
  session: { actor: Actor; sessionId: string },
  state: string | null | undefined,
  providers: readonly AccountingProvider[],
  options: { now?: Date } = {},
): Promise<ConsumedState> {
  const now = options.now ?? new Date();
  if (!state || state.length < 16 || state.length > 200) throw refuse("missing");
  if (!signedState(state)) throw refuse("signature");
  // Spend it first (guarded update), so two callbacks racing with one state cannot both pass.
  const [count, rows] = await OauthState.update(
    { usedAt: now },
    { where: { state, usedAt: null }, returning: true },
  );
  const row = count === 1 ? rows[0] : null;
  if (!row) throw refuse((await OauthState.count({ where: { state } })) > 0 ? "replayed" : "unknown");
  if (!providers.includes(row.provider)) throw refuse("provider");
  if (row.expiresAt.getTime() <= now.getTime()) throw refuse("expired");
  if (row.userId === null || row.companyId === null) throw refuse("unbound");
  if (row.userId !== session.actor.userId || row.companyId !== session.actor.companyId) throw refuse("another user");
  let binding: StateBinding;
  try {
    binding = JSON.parse(row.redirectAfter ?? "") as StateBinding;
  } catch {
    throw refuse("binding");
  }
  if (binding.sessionHash !== null && !sameHash(binding.sessionHash, sha256(session.sessionId))) throw refuse("another session");
  return {
    provider: row.provider,
    companyId: row.companyId,
    userId: row.userId,
    codeVerifier: row.codeVerifier,
    returnTo: binding.returnTo === "signup" ? "signup" : "settings",
  };
}
