import { DataTypes, type ModelAttributeColumnOptions, type Model } from "sequelize";
import { centsToDecimal, parseDecimalToCents, type Cents } from "../app/lib/money";

/**
 * A NUMERIC(14,2) column read and written as integer cents: the one place money crosses the model boundary
 * (decisions D1, GUIDE rule 6).
 */
export function centsColumn<M extends Model>(
  field: string,
  options: { allowNull?: boolean; defaultValue?: Cents } = {},
): ModelAttributeColumnOptions<M> {
  const allowNull = options.allowNull ?? false;
  return {
    type: DataTypes.DECIMAL(14, 2),
    allowNull,
    ...(options.defaultValue !== undefined ? { defaultValue: centsToDecimal(options.defaultValue) } : {}),
    get(this: M) {
      const raw = this.getDataValue(field as never) as unknown;
      if (raw === null || raw === undefined) return raw as null;
      return parseDecimalToCents(String(raw));
    },
    set(this: M, value: unknown) {
      if (value === null || value === undefined) {
        this.setDataValue(field as never, null as never);
        return;
      }
      if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new TypeError(`${field} takes integer cents, got ${String(value)}`);
      this.setDataValue(field as never, centsToDecimal(value as Cents) as never);
    },
  };
}
