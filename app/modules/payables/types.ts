/** Shapes shared by the payables server code and its components. STUB: to be built. */
export interface SuppliersTabData {
  rows: unknown[];
  total: number;
}
