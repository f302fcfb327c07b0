/**
 * Everything the emulator knows: the organisations and their books, the OAuth grants, codes and tokens. Kept in memory
 * and, with a data directory, in <dataDir>/accounting-emulator/state.json: written a second after a change (debounced)
 * and on close, streamed record by record so a tenant of 100,000 invoices never becomes one giant string.
 */
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { DEMO_ORGANISATIONS, emptyMyobFile, emptyXeroBook, newOrganisation } from "./books";
import type { MyobFileBook, Organisation, StoredAnswer } from "./model";
import type { Entry, SortedStore } from "./store";

export type Provider = "xero" | "myob";

export interface XeroConnectionRecord {
  id: string;
  tenantId: string;
  createdMs: number;
  updatedMs: number;
}

/** One consent: an organisation given to a client, and (Xero) the tenants it connects. */
export interface Grant {
  id: string;
  provider: Provider;
  clientId: string;
  organisation: string;
  scope: string;
  email: string | null;
  createdMs: number;
  revoked: boolean;
  connections: XeroConnectionRecord[];
  /** MYOB's `user` object of the token response. */
  userUid: string;
}

export interface AuthCode {
  code: string;
  provider: Provider;
  grantId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresMs: number;
  used: boolean;
}

export interface TokenRecord {
  token: string;
  kind: "access" | "refresh";
  provider: Provider;
  grantId: string;
  issuedMs: number;
  expiresMs: number;
  revoked: boolean;
}

const SAVE_DELAY_MS = 1000;
const STATE_VERSION = 1;

export class EmulatorState {
  readonly organisations = new Map<string, Organisation>();
  readonly grants = new Map<string, Grant>();
  readonly codes = new Map<string, AuthCode>();
  readonly tokens = new Map<string, TokenRecord>();
  private readonly byTenant = new Map<string, Organisation>();
  private readonly byFile = new Map<string, { organisation: Organisation; file: MyobFileBook }>();
  private saveTimer: NodeJS.Timeout | null = null;
  private saving: Promise<void> | null = null;
  private dirty = false;

  constructor(readonly file: string | null) {}

  static stateFile(dataDir: string | null): string | null {
    return dataDir ? path.join(path.resolve(dataDir), "accounting-emulator", "state.json") : null;
  }

  /** The persisted state of `file`, or the demo organisations when there is none. */
  static open(file: string | null): EmulatorState {
    const state = new EmulatorState(file);
    if (file && fs.existsSync(file)) {
      try {
        state.restore(JSON.parse(fs.readFileSync(file, "utf8")) as PersistedState);
        return state;
      } catch (error) {
        // A damaged file is set aside, not silently overwritten.
        fs.renameSync(file, `${file}.damaged-${Date.now()}`);
        console.warn(`Accounting emulator: ${file} could not be read (${(error as Error).message}); starting with the demo organisations.`);
      }
    }
    state.seedDemo();
    return state;
  }

  seedDemo(): void {
    const now = Date.now();
    for (const name of DEMO_ORGANISATIONS) this.add(newOrganisation(name, now));
    this.changed();
  }

  /** Back to the pre-made organisations: new tenants, grants and tokens are dropped. */
  reset(): void {
    this.organisations.clear();
    this.byTenant.clear();
    this.byFile.clear();
    this.grants.clear();
    this.codes.clear();
    this.tokens.clear();
    this.seedDemo();
  }

  /** The organisation of that name, created with its demo books on first use. */
  organisation(name: string): Organisation {
    const existing = this.organisations.get(name);
    if (existing) return existing;
    const created = newOrganisation(name);
    this.add(created);
    this.changed();
    return created;
  }

  tenant(tenantId: string): Organisation | undefined {
    return this.byTenant.get(tenantId.toLowerCase());
  }

  companyFile(fileId: string): { organisation: Organisation; file: MyobFileBook } | undefined {
    return this.byFile.get(fileId.toLowerCase());
  }

  private add(organisation: Organisation): void {
    this.organisations.set(organisation.name, organisation);
    this.byTenant.set(organisation.xero.tenantId.toLowerCase(), organisation);
    for (const file of organisation.myob) this.byFile.set(file.info.Id.toLowerCase(), { organisation, file });
  }

  /** Marks the state changed: saved within a second. */
  changed(): void {
    if (!this.file) return;
    this.dirty = true;
    if (this.saveTimer || this.saving) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.save();
    }, SAVE_DELAY_MS);
    this.saveTimer.unref();
  }

  /** Writes the state now (waits for a save in progress first). */
  async save(): Promise<void> {
    if (!this.file) return;
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    while (this.saving) await this.saving;
    if (!this.dirty) return;
    this.dirty = false;
    this.saving = this.writeFile(this.file).finally(() => {
      this.saving = null;
    });
    await this.saving;
    if (this.dirty) this.changed();
  }

  private async writeFile(file: string): Promise<void> {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    const stream = fs.createWriteStream(temporary, { encoding: "utf8", mode: 0o600 });
    let buffer = "";
    const flush = async (force: boolean) => {
      if (buffer.length < 256 * 1024 && !force) return;
      const text = buffer;
      buffer = "";
      if (!stream.write(text)) await once(stream, "drain");
    };
    try {
      for (const chunk of this.serialise()) {
        buffer += chunk;
        await flush(false);
      }
      await flush(true);
      stream.end();
      await once(stream, "finish");
      fs.renameSync(temporary, file);
    } catch (error) {
      stream.destroy();
      fs.rmSync(temporary, { force: true });
      throw error;
    }
  }

  /** The state as JSON text, in chunks (one per record). */
  private *serialise(): Generator<string> {
    const now = Date.now();
    const live = <T extends { expiresMs: number }>(items: Iterable<T>) => [...items].filter((item) => item.expiresMs > now);
    yield `{"version":${STATE_VERSION},"savedAt":${now},"grants":${JSON.stringify([...this.grants.values()])},"codes":${JSON.stringify(live(this.codes.values()))},"tokens":${JSON.stringify(live(this.tokens.values()))},"organisations":[`;
    let firstOrganisation = true;
    for (const organisation of this.organisations.values()) {
      yield `${firstOrganisation ? "" : ","}{"name":${JSON.stringify(organisation.name)},"createdMs":${organisation.createdMs},"xero":{"tenantId":${JSON.stringify(organisation.xero.tenantId)}`;
      firstOrganisation = false;
      yield* storesOf(organisation.xero, XERO_STORES);
      yield `,"idempotency":${JSON.stringify([...organisation.xero.idempotency])}},"myob":[`;
      let firstFile = true;
      for (const file of organisation.myob) {
        yield `${firstFile ? "" : ","}{"info":${JSON.stringify(file.info)},"product":${JSON.stringify(file.product)},"rowVersion":${file.rowVersion}`;
        firstFile = false;
        yield* storesOf(file, MYOB_STORES);
        yield `,"idempotency":${JSON.stringify([...file.idempotency])}}`;
      }
      yield "]}";
    }
    yield "]}\n";
  }

  private restore(saved: PersistedState): void {
    if (saved.version !== STATE_VERSION) throw new Error(`unknown state version ${String(saved.version)}`);
    for (const grant of saved.grants) this.grants.set(grant.id, grant);
    for (const code of saved.codes) this.codes.set(code.code, code);
    for (const token of saved.tokens) this.tokens.set(token.token, token);
    for (const entry of saved.organisations) {
      const xero = emptyXeroBook(entry.xero.tenantId);
      for (const key of XERO_STORES) (xero[key] as SortedStore<unknown>).load(toEntries(entry.xero[key]));
      for (const [key, answer] of entry.xero.idempotency) xero.idempotency.set(key, answer);
      const myob = entry.myob.map((saved) => {
        const file = emptyMyobFile(saved.info, saved.product);
        file.rowVersion = saved.rowVersion;
        for (const key of MYOB_STORES) (file[key] as SortedStore<unknown>).load(toEntries(saved[key]));
        for (const [key, answer] of saved.idempotency) file.idempotency.set(key, answer);
        return file;
      });
      this.add({ name: entry.name, createdMs: entry.createdMs, xero, myob });
    }
  }
}

const XERO_STORES = ["contacts", "invoices", "accounts", "payments", "purchaseOrders", "creditNotes"] as const;
const MYOB_STORES = ["suppliers", "customers", "bills", "invoices", "accounts", "supplierPayments", "customerPayments"] as const;

/** `,"key":[[ms,record],...]` for each store, a record per chunk. */
function* storesOf<B>(book: B, keys: readonly (keyof B & string)[]): Generator<string> {
  for (const key of keys) {
    yield `,"${key}":[`;
    let first = true;
    for (const entry of (book[key] as unknown as SortedStore<unknown>).all()) {
      yield `${first ? "" : ","}[${entry.ms},${JSON.stringify(entry.record)}]`;
      first = false;
    }
    yield "]";
  }
}

function toEntries(saved: Array<[number, unknown]> | undefined): Entry<unknown>[] {
  return (saved ?? []).map(([ms, record]) => ({ ms, record }));
}

type SavedStores<K extends string> = { [key in K]: Array<[number, unknown]> };

interface PersistedState {
  version: number;
  grants: Grant[];
  codes: AuthCode[];
  tokens: TokenRecord[];
  organisations: Array<{
    name: string;
    createdMs: number;
    xero: { tenantId: string; idempotency: Array<[string, StoredAnswer]> } & SavedStores<(typeof XERO_STORES)[number]>;
    myob: Array<{ info: MyobFileBook["info"]; product: MyobFileBook["product"]; rowVersion: number; idempotency: Array<[string, StoredAnswer]> } & SavedStores<(typeof MYOB_STORES)[number]>>;
  }>;
}

