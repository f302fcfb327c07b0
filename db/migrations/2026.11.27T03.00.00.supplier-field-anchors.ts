import type { Migration } from "../migrator";

/**
 * What document processing learnt per supplier (issue 16 part 3, docs/decisions/043): for a buyer and a supplier
 * (supplier_key: the supplier's name normalised by supplierKeyOf) and a field, where a reviewer's correction sat in the
 * bill's text: the label before it on its line, or the line's index when nothing stood before it. One row per
 * (company, supplier, field): a later correction replaces the anchor.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE supplier_field_anchors (
      id               serial PRIMARY KEY,
      company_id       integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      supplier_key     text NOT NULL CHECK (length(supplier_key) > 0),
      field            text NOT NULL CHECK (field IN ('invoiceNumber','orderNumber','issueDate','dueDate','amountCents')),
      label            text CHECK (label IS NULL OR length(label) BETWEEN 1 AND 200),
      line_index       integer NOT NULL CHECK (line_index >= 0),
      corrections      integer NOT NULL DEFAULT 1 CHECK (corrections > 0),
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supplier_field_anchors_one UNIQUE (company_id, supplier_key, field)
    );
  `);
};
