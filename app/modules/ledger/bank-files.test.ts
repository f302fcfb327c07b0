import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import {
  BankFileError,
  bankFileFor,
  formatAbaFile,
  formatNzBulkCsv,
  MAX_FILE_TOTAL,
  nzAccount16,
  nzHashTotal,
  parsePaymentReference,
  paymentItemProblem,
  takeFileBatch,
  type AuPayer,
  type NzPayer,
  type PaymentItem,
} from "./bank-files";

const sp = (n: number) => " ".repeat(n);
const cents = (value: number) => value as Cents;

const NZ_PAYER: NzPayer = { accountNumber: "02-0100-0123456-000", name: "Earlybird" };
const AU_PAYER: AuPayer = {
  financialInstitution: "wbc",
  userName: "Earlybird Pty Ltd",
  apcaUserId: "301500",
  traceBsb: "032-000",
  traceAccountNumber: "999888777",
  remitterName: "Earlybird",
};

const nzItem = (withdrawalId: number, amount: number, payeeName: string, accountNumber: string): PaymentItem => ({
  kind: "WITHDRAWAL",
  id: withdrawalId,
  amount: cents(amount),
  payeeName,
  accountNumber,
  bsb: null,
});
const auItem = (withdrawalId: number, amount: number, payeeName: string, bsb: string | null, accountNumber: string | null): PaymentItem => ({
  kind: "WITHDRAWAL",
  id: withdrawalId,
  amount: cents(amount),
  payeeName,
  accountNumber,
  bsb,
});

describe("NZ bulk direct-credit CSV", () => {
  it("writes the header, one transaction per payment and the control record, byte for byte", () => {
    const content = formatNzBulkCsv(NZ_PAYER, {
      date: "2026-11-22",
      items: [nzItem(7, 123_456, "Harbour Foods Operating", "1202330123456000"), nzItem(12, 100, "Kiwi Supplies, Business Ltd", "021234012345600")],
    });
    expect(content).toBe(
      "1,,,,0201000123456000,7,261122,261122,\r\n" +
        "2,1202330123456000,50,123456,Harbour Foods Operat,WD7,Withdrawal,,Earlybird,Earlybird,Withdrawal,WD7,Earlybird\r\n" +
        "2,0212340123456000,50,100,Kiwi Supplies Busine,WD12,Withdrawal,,Earlybird,Earlybird,Withdrawal,WD12,Earlybird\r\n" +
        "3,123556,2,14670246912\r\n"
    );
  });

  it("pays the return of an unknown deposit as a Refund line with its RT reference, beside withdrawals", () => {
    const content = formatNzBulkCsv(NZ_PAYER, {
      date: "2026-11-22",
      items: [
        nzItem(7, 123_456, "Harbour Foods Operating", "1202330123456000"),
        { ...nzItem(3, 84_500, "Tui Rentals", "0212340123456000"), kind: "DEPOSIT_RETURN" },
      ],
    });
    expect(content.split("\r\n")[2]).toBe("2,0212340123456000,50,84500,Tui Rentals,RT3,Refund,,Earlybird,Earlybird,Refund,RT3,Earlybird");
    expect(content.split("\r\n")[3]).toBe("3,207956,2,14670246912");
  });

  it("keeps every record's field count, whatever the names hold (no commas, no quotes)", () => {
    const content = formatNzBulkCsv(NZ_PAYER, { date: "2026-01-05", items: [nzItem(3, 5_000, 'Café "Ōtautahi", Ltd; 100%', "0201000123456000")] });
    const lines = content.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((line) => line.split(",").length)).toEqual([9, 13, 4]);
    expect(lines[1]).toContain(",Cafe Otautahi Ltd 10,");
    expect(lines[0]).toBe("1,,,,0201000123456000,7,260105,260105,");
  });

  it("normalises account numbers to 16 digits and computes the hash total from branch and account", () => {
    expect(nzAccount16("02-1234-0123456-00")).toBe("0212340123456000");
    expect(nzAccount16("0212340123456001")).toBe("0212340123456001");
    expect(nzAccount16("12345")).toBeNull();
    expect(nzAccount16(null)).toBeNull();
    // 0100-0123456 + 9999-9999999 = 10100-0123455: the rightmost 11 digits are kept.
    expect(nzHashTotal(["0201000123456000", "0199999999999000"])).toBe("01000123455");
    expect(nzHashTotal(["0212340123456000"])).toBe("12340123456");
  });

  it("refuses an empty batch, a bad payer account and an account that is not a NZ number", () => {
    expect(() => formatNzBulkCsv(NZ_PAYER, { date: "2026-11-22", items: [] })).toThrow(BankFileError);
    expect(() => formatNzBulkCsv({ ...NZ_PAYER, accountNumber: "123" }, { date: "2026-11-22", items: [nzItem(1, 100, "A", "0201000123456000")] })).toThrow(
      /payer's account/
    );
    expect(() => formatNzBulkCsv(NZ_PAYER, { date: "2026-11-22", items: [nzItem(1, 100, "A", "12345678")] })).toThrow(/WD1: /);
    expect(() => formatNzBulkCsv(NZ_PAYER, { date: "22/11/2026", items: [nzItem(1, 100, "A", "0201000123456000")] })).toThrow(/Not a date/);
  });
});

describe("AU ABA file", () => {
  it("writes the descriptive, detail and file total records at their fixed positions, byte for byte", () => {
    const content = formatAbaFile(AU_PAYER, {
      date: "2026-11-22",
      items: [auItem(5, 250_000, "Outback Coffee Everyday", "062000", "12345678"), auItem(9, 100, "O'Brien & Sons (Café)", "083170", "739827524")],
    });
    expect(content).toBe(
      "0" +
        sp(17) +
        "01" +
        "WBC" +
        sp(7) +
        "Earlybird Pty Ltd" +
        sp(9) +
        "301500" +
        "WITHDRAWALS" +
        sp(1) +
        "221126" +
        sp(40) +
        "\r\n" +
        "1" +
        "062-000" +
        " 12345678" +
        " " +
        "50" +
        "0000250000" +
        "Outback Coffee Everyday" +
        sp(9) +
        "Earlybird WD5" +
        sp(5) +
        "032-000" +
        "999888777" +
        "Earlybird" +
        sp(7) +
        "00000000" +
        "\r\n" +
        "1" +
        "083-170" +
        "739827524" +
        " " +
        "50" +
        "0000000100" +
        "O'Brien & Sons (Cafe)" +
        sp(11) +
        "Earlybird WD9" +
        sp(5) +
        "032-000" +
        "999888777" +
        "Earlybird" +
        sp(7) +
        "00000000" +
        "\r\n" +
        "7" +
        "999-999" +
        sp(12) +
        "0000250100" +
        "0000250100" +
        "0000000000" +
        sp(24) +
        "000002" +
        sp(40) +
        "\r\n"
    );
    for (const record of content.split("\r\n").slice(0, -1)) expect(record).toHaveLength(120);
  });

  it("has the file total record of a published ABA example for the same four amounts", () => {
    const items = [1234, 2200, 3_123_513, 2300].map((amount, index) => auItem(index + 1, amount, `Payee ${index + 1}`, "000000", "157108231"));
    const records = formatAbaFile(AU_PAYER, { date: "2010-04-23", items }).split("\r\n");
    // From the cemtex ABA file overview, padded to 120 characters.
    expect(records[5]).toBe("7999-999            000312924700031292470000000000                        000004" + sp(40));
    expect(records[0].slice(74, 80)).toBe("230410");
  });

  it("pads a short APCA id and trace account, and zero-fills the amount", () => {
    const records = formatAbaFile(
      { ...AU_PAYER, apcaUserId: "42", traceAccountNumber: "1234" },
      { date: "2026-02-03", items: [auItem(77, 99_999, "X", "062-000", "123")] }
    ).split("\r\n");
    expect(records[0].slice(56, 62)).toBe("000042");
    expect(records[1].slice(8, 17)).toBe("      123");
    expect(records[1].slice(20, 30)).toBe("0000099999");
    expect(records[1].slice(87, 96)).toBe("     1234");
    expect(records[1].slice(62, 80)).toBe("Earlybird WD77" + sp(4));
  });

  it("carries a deposit return's RT reference in the lodgement reference", () => {
    const records = formatAbaFile(AU_PAYER, {
      date: "2026-02-03",
      items: [{ ...auItem(41, 12_345, "J Smith", "062000", "12345678"), kind: "DEPOSIT_RETURN" }],
    }).split("\r\n");
    expect(records[1].slice(62, 80)).toBe("Earlybird RT41" + sp(4));
    expect(records[1]).toHaveLength(120);
  });

  it("refuses what an ABA file cannot carry", () => {
    const good = auItem(1, 100, "A", "062000", "12345678");
    expect(() => formatAbaFile(AU_PAYER, { date: "2026-11-22", items: [auItem(1, 100, "A", null, "12345678")] })).toThrow(/BSB/);
    expect(() => formatAbaFile(AU_PAYER, { date: "2026-11-22", items: [auItem(1, 100, "A", "062000", "1234567890")] })).toThrow(/1 to 9 digits/);
    expect(() => formatAbaFile({ ...AU_PAYER, financialInstitution: "WB" }, { date: "2026-11-22", items: [good] })).toThrow(/three letters/);
    expect(() => formatAbaFile({ ...AU_PAYER, traceBsb: "12345" }, { date: "2026-11-22", items: [good] })).toThrow(/BSB/);
    expect(() => formatAbaFile(AU_PAYER, { date: "2026-11-22", items: [auItem(1, 10_000_000_000, "A", "062000", "1")] })).toThrow(/larger/);
    expect(() =>
      formatAbaFile(AU_PAYER, { date: "2026-11-22", items: [auItem(1, 9_000_000_000, "A", "062000", "1"), auItem(2, 1_000_000_000, "B", "062000", "2")] })
    ).toThrow(/total/);
  });
});

describe("batches and files", () => {
  it("reads the reference of a bank's returned line: WD<id> or RT<id>, wherever it stands", () => {
    expect(parsePaymentReference("WD12")).toEqual({ kind: "WITHDRAWAL", id: 12 });
    expect(parsePaymentReference("Earlybird WD0012 returned")).toEqual({ kind: "WITHDRAWAL", id: 12 });
    expect(parsePaymentReference("earlybird rt 7")).toEqual({ kind: "DEPOSIT_RETURN", id: 7 });
    expect(parsePaymentReference("WD")).toBeNull();
    expect(parsePaymentReference("SWD12")).toBeNull();
    expect(parsePaymentReference("Batch withdrawals")).toBeNull();
  });

  it("names a file of deposit returns only by its first return", () => {
    const file = bankFileFor(
      "NZ",
      { nz: NZ_PAYER, au: AU_PAYER },
      { date: "2026-11-22", items: [{ ...nzItem(5, 100, "A", "0201000123456000"), kind: "DEPOSIT_RETURN" }] }
    );
    expect(file.fileName).toBe("earlybird-withdrawals-NZ-2026-11-22-RT5.csv");
  });

  it("says why an item cannot be paid", () => {
    expect(paymentItemProblem("AU", auItem(1, 100, "A", null, null))).toBe("The account has no six-digit BSB");
    expect(paymentItemProblem("AU", auItem(1, 100, "A", "062000", "1234567890"))).toBe("The account number is not 1 to 9 digits");
    expect(paymentItemProblem("NZ", nzItem(1, 100, "A", "1234"))).toBe("The account number is not a 15 or 16 digit NZ account number");
    expect(paymentItemProblem("NZ", nzItem(1, 0, "A", "0201000123456000"))).toBe("The amount is not a positive number of cents");
    expect(paymentItemProblem("NZ", nzItem(1, 100, "A", "0201000123456000"))).toBeNull();
  });

  it("takes items in order up to the limit and the format's total, skipping what cannot fit", () => {
    const items = [
      auItem(1, MAX_FILE_TOTAL.AU + 1, "too big", "062000", "1"),
      auItem(2, 6_000_000_000, "B", "062000", "2"),
      auItem(3, 5_000_000_000, "C", "062000", "3"),
      auItem(4, 100, "D", null, null),
      auItem(5, 100, "E", "062000", "5"),
      auItem(6, 100, "F", "062000", "6"),
    ];
    expect(takeFileBatch("AU", items, 10).map((item) => item.id)).toEqual([2, 5, 6]);
    expect(takeFileBatch("AU", items, 2).map((item) => item.id)).toEqual([2, 5]);
  });

  it("names each file by country, date and first withdrawal, with its format and totals", () => {
    const nz = bankFileFor(
      "NZ",
      { nz: NZ_PAYER, au: AU_PAYER },
      { date: "2026-11-22", items: [nzItem(12, 100, "A", "0201000123456000"), nzItem(8, 250, "B", "0201000123456001")] }
    );
    expect(nz).toMatchObject({
      fileName: "earlybird-withdrawals-NZ-2026-11-22-WD8.csv",
      format: "NZ_BULK_CSV",
      contentType: "text/csv",
      totalAmount: 350,
      itemCount: 2,
    });
    const au = bankFileFor("AU", { nz: NZ_PAYER, au: AU_PAYER }, { date: "2026-11-22", items: [auItem(3, 100, "A", "062000", "1")] });
    expect(au).toMatchObject({
      fileName: "earlybird-withdrawals-AU-2026-11-22-WD3.aba",
      format: "AU_ABA",
      contentType: "text/plain",
      totalAmount: 100,
      itemCount: 1,
    });
  });
});
