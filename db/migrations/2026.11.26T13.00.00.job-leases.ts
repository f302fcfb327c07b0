import type { Migration } from "../migrator";

/**
 * Jobs that survive a dead worker (issue 14 part 6): a running job is held by a lease (its worker and an expiry the
 * worker's heartbeat pushes forward); a reaper returns a job whose lease expired to QUEUED, and a failed attempt
 * waits until run_after before it is tried again. Jobs left RUNNING by a worker that died before this migration get
 * an expired lease, so the reaper settles them once.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE jobs
      ADD COLUMN lease_owner      text,
      ADD COLUMN lease_expires_at timestamptz,
      ADD COLUMN run_after        timestamptz;
    UPDATE jobs SET lease_owner = 'before-leases', lease_expires_at = now() WHERE status = 'RUNNING';
    ALTER TABLE jobs ADD CONSTRAINT jobs_lease_only_running
      CHECK ((status = 'RUNNING') = (lease_owner IS NOT NULL AND lease_expires_at IS NOT NULL));
    CREATE INDEX jobs_queued_idx ON jobs (created_at) WHERE status = 'QUEUED';
    CREATE INDEX jobs_lease_expiry_idx ON jobs (lease_expires_at) WHERE status = 'RUNNING';
  `);
};
