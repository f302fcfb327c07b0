/**
 * The page image resource routes (issue 17 part 2; p3 §7.1 get pages; decision 049): GET
 * /bills/documents/:documentId/pages/:pageIndex answers the stored PNG, privately cacheable; another company's document,
 * an archived one, a missing page or a malformed id is the Not Found page; a signed-out caller goes to log in. GET
 * /bills/documents/:documentId/pages.zip answers every page in a zip only when shouldGetZippedRipeImage is on.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocumentPage } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { PAGE_IMAGE_MAX_AGE_SECONDS } from "../../app/modules/review/view.server";
import { loader as pageLoader } from "../../app/routes/_app.bills.documents.$documentId.pages.$pageIndex";
import { loader as zipLoader } from "../../app/routes/_app.bills.documents.$documentId.pages[.]zip";
import { makePng } from "../support/document-factories";
import { makeVerifiedCompany } from "../support/factories";
import { makeReadDocument } from "../support/matching-factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const sessionCookie = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];

let cookie = "";
let strangerCookie = "";
let companyId = 0;

beforeAll(async () => {
  const own = await makeVerifiedCompany();
  const other = await makeVerifiedCompany();
  cookie = await sessionCookie(own.user.id);
  strangerCookie = await sessionCookie(other.user.id);
  companyId = own.company.id;
});

/** The entries of a zip of STORED files, each checked against its CRC-32 and the central directory's count. */
function readStoredZip(zip: Buffer): { name: string; content: Buffer }[] {
  const entries: { name: string; content: Buffer }[] = [];
  let offset = 0;
  while (zip.readUInt32LE(offset) === 0x04034b50) {
    expect(zip.readUInt16LE(offset + 8)).toBe(0);
    const size = zip.readUInt32LE(offset + 18);
    const nameLength = zip.readUInt16LE(offset + 26);
    const extraLength = zip.readUInt16LE(offset + 28);
    const name = zip.subarray(offset + 30, offset + 30 + nameLength).toString("utf8");
    const start = offset + 30 + nameLength + extraLength;
    const content = Buffer.from(zip.subarray(start, start + size));
    expect(crc32(content) >>> 0).toBe(zip.readUInt32LE(offset + 14));
    entries.push({ name, content });
    offset = start + size;
  }
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  expect(zip.readUInt16LE(end + 10)).toBe(entries.length);
  expect(zip.readUInt32LE(end + 16)).toBe(offset);
  return entries;
}

function hasUnzip(): boolean {
  try {
    execFileSync("unzip", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const ZIP_FLAG = "FLAG_shouldGetZippedRipeImage";
afterEach(() => {
  delete process.env[ZIP_FLAG];
});

async function documentWithPages(count: number) {
  const document = await makeReadDocument(companyId, {}, "PENDING_REVIEW");
  const pages: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const content = makePng();
    pages.push(content);
    await BillDocumentPage.create({ documentId: document.id, pageIndex: index, mimeType: "image/png", content });
  }
  return { document, pages };
}

const getPage = (documentId: number | string, pageIndex: number | string, as = cookie) =>
  settle(() =>
    pageLoader({
      request: new Request(`http://localhost/bills/documents/${documentId}/pages/${pageIndex}`, { headers: { cookie: as } }),
      params: { documentId: String(documentId), pageIndex: String(pageIndex) },
      context: {},
    } as never)
  );

const getZip = (documentId: number | string, as = cookie) =>
  settle(() =>
    zipLoader({
      request: new Request(`http://localhost/bills/documents/${documentId}/pages.zip`, { headers: { cookie: as } }),
      params: { documentId: String(documentId) },
      context: {},
    } as never)
  );

describe("GET /bills/documents/:documentId/pages/:pageIndex", () => {
  it("answers the stored PNG, privately cacheable", async () => {
    const { document, pages } = await documentWithPages(2);
    const response = await getPage(document.id, 1);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe(`private, max-age=${PAGE_IMAGE_MAX_AGE_SECONDS}`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(pages[1])).toBe(true);
    expect(body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  });

  it("is the Not Found page for another company's document, a missing page, an archived document or a bad id", async () => {
    const { document } = await documentWithPages(1);
    expect((await getPage(document.id, 0, strangerCookie)).status).toBe(404);
    expect((await getPage(document.id, 1)).status).toBe(404);
    expect((await getPage("abc", 0)).status).toBe(404);
    expect((await getPage(document.id, "-1")).status).toBe(404);
    await document.update({ archivedAt: new Date() });
    expect((await getPage(document.id, 0)).status).toBe(404);
  });

  it("sends a signed-out caller to log in", async () => {
    const { document } = await documentWithPages(1);
    const response = await getPage(document.id, 0, "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login");
  });
});

describe("GET /bills/documents/:documentId/pages.zip", () => {
  it("is the Not Found page while shouldGetZippedRipeImage is off", async () => {
    process.env[ZIP_FLAG] = "false";
    const { document } = await documentWithPages(1);
    expect((await getZip(document.id)).status).toBe(404);
  });

  it("answers every page in a zip when the flag is on, and 404 for another company's or an archived document", async () => {
    process.env[ZIP_FLAG] = "true";
    const { document, pages } = await documentWithPages(2);
    const response = await getZip(document.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Cache-Control")).toBe(`private, max-age=${PAGE_IMAGE_MAX_AGE_SECONDS}`);
    const zip = Buffer.from(await response.arrayBuffer());
    expect(readStoredZip(zip)).toEqual([
      { name: "page-1.png", content: pages[0] },
      { name: "page-2.png", content: pages[1] },
    ]);
    if (hasUnzip()) {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pages-zip-"));
      try {
        const file = path.join(directory, "pages.zip");
        fs.writeFileSync(file, zip);
        execFileSync("unzip", ["-q", "-d", directory, file]);
        expect(fs.readFileSync(path.join(directory, "page-2.png")).equals(pages[1])).toBe(true);
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    }
    expect((await getZip(document.id, strangerCookie)).status).toBe(404);
    expect((await getZip(document.id, "")).status).toBe(302);
    await document.update({ archivedAt: new Date() });
    expect((await getZip(document.id)).status).toBe(404);
  });
});
