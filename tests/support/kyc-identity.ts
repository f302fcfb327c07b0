/** The identity form a person submits on /verify (p1 §3), with a driver licence; `overrides` changes any field. */
export const identity = (overrides: Record<string, string> = {}) => ({
  fullName: "Jamie Mudflat",
  dobDay: "12",
  dobMonth: "4",
  dobYear: "1980",
  verifyWith: "LICENCE",
  driversLicenceNumber: "AB123456",
  driversLicenceVersion: "123",
  ...overrides,
});
