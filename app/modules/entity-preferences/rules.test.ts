import { describe, expect, it } from "vitest";
import {
  checkPreferencesPatch,
  checkSettingsPatch,
  INVALID_PROCESSING_QUEUE,
  isWellFormedModificationTime,
  MISSING_DATA,
  NO_ENTITY_ID_AVAILABLE,
  NO_PAYLOAD_AVAILABLE,
  SOMETHING_WENT_WRONG,
} from "./rules";

const TIME = "2026-11-26T18:30:00.123456Z";

describe("checkPreferencesPatch (p3 §5 'Preferences toggles')", () => {
  it("needs the entity id, a payload and the loaded modificationTime, in that order", () => {
    expect(checkPreferencesPatch({ companyId: null, modificationTime: TIME, patch: { defaultProcessingQueue: "MANUAL" } })).toEqual({
      ok: false,
      message: NO_ENTITY_ID_AVAILABLE,
    });
    expect(checkPreferencesPatch({ companyId: 7, modificationTime: TIME, patch: null })).toEqual({ ok: false, message: NO_PAYLOAD_AVAILABLE });
    expect(checkPreferencesPatch({ companyId: 7, modificationTime: TIME, patch: {} })).toEqual({ ok: false, message: NO_PAYLOAD_AVAILABLE });
    expect(checkPreferencesPatch({ companyId: 7, modificationTime: null, patch: { isShareApprovedInvoicesWithSuppliersEnabled: true } })).toEqual({
      ok: false,
      message: MISSING_DATA,
    });
  });

  it("the queue is AUTOMATIC or MANUAL (any case)", () => {
    expect(checkPreferencesPatch({ companyId: 7, modificationTime: TIME, patch: { defaultProcessingQueue: "SOMETIMES" } })).toEqual({
      ok: false,
      message: INVALID_PROCESSING_QUEUE,
      field: "defaultProcessingQueue",
    });
    expect(checkPreferencesPatch({ companyId: 7, modificationTime: TIME, patch: { defaultProcessingQueue: "automatic" } })).toEqual({
      ok: true,
      change: { defaultProcessingQueue: "AUTOMATIC" },
    });
  });

  it("keeps only the fields given", () => {
    expect(
      checkPreferencesPatch({
        companyId: 7,
        modificationTime: TIME,
        patch: { isAcceptApprovedInvoicesFromPurchasersEnabled: false, isShareApprovedInvoicesWithSuppliersEnabled: true },
      })
    ).toEqual({ ok: true, change: { isAcceptApprovedInvoicesFromPurchasersEnabled: false, isShareApprovedInvoicesWithSuppliersEnabled: true } });
  });
});

describe("checkSettingsPatch (p3 §5 'company settings calls need a company, settings and settings.id')", () => {
  it("anything missing is 'Something went wrong'", () => {
    const full = { companyId: 7, settingsId: 3, modificationTime: TIME, isRipeLiteEnabled: true };
    expect(checkSettingsPatch(full)).toEqual({ ok: true, isRipeLiteEnabled: true });
    for (const key of ["companyId", "settingsId", "modificationTime", "isRipeLiteEnabled"] as const) {
      expect(checkSettingsPatch({ ...full, [key]: null })).toEqual({ ok: false, message: SOMETHING_WENT_WRONG });
    }
  });
});

describe("isWellFormedModificationTime", () => {
  it("accepts only the instants we hand out", () => {
    expect(isWellFormedModificationTime(TIME)).toBe(true);
    for (const value of ["", "2026-11-26", "2026-11-26T18:30:00.123Z", "x'; DROP TABLE"]) expect(isWellFormedModificationTime(value)).toBe(false);
  });
});
