import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";
import type { OfferExecution } from "./offer-execution";

export const PURCHASER_OFFER_STATUSES = ["TOPUP_PENDING", "ACTIVE", "VIRTUAL", "CLEARING", "CANCELLED"] as const;
export type PurchaserOfferStatus = (typeof PURCHASER_OFFER_STATUSES)[number];

/**
 * A purchaser's cash reserve offered at a required rate of return (decisions D2, D3). One live (not CANCELLED)
 * offer per company. The bills it covers are the company's bills with includeInPurchaserOffer = true.
 */
export class PurchaserOffer extends Model<InferAttributes<PurchaserOffer>, InferCreationAttributes<PurchaserOffer>> {
  declare id: CreationOptional<number>;
  declare createdByCompany: ForeignKey<Company["id"]>;
  /** The unused cash pool (the Cash Reserve); acceptances draw it down. */
  declare cashpool: Cents;
  /** Cash promised by a top-up still under way. */
  declare pendingCashpool: CreationOptional<Cents>;
  /** NUMERIC(5,2) % per year as a decimal string, 0 < crr <= 100. */
  declare crr: string;
  declare offerStatus: CreationOptional<PurchaserOfferStatus>;
  declare topUpId: number | null;
  declare cancelledAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime: optimistic-concurrency checks compare it. */
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare executions?: NonAttribute<OfferExecution[]>;
}

PurchaserOffer.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    createdByCompany: { type: DataTypes.INTEGER, allowNull: false },
    cashpool: centsColumn("cashpool"),
    pendingCashpool: centsColumn("pendingCashpool", { defaultValue: 0 }),
    crr: { type: DataTypes.DECIMAL(5, 2), allowNull: false },
    offerStatus: { type: DataTypes.TEXT, allowNull: false, defaultValue: "ACTIVE" },
    topUpId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    cancelledAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "purchaser_offers" },
);
