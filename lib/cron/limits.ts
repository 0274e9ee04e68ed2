/** Longest cron job name (pg_cron names are free text; this keeps lists readable). */
export const CRON_JOB_NAME_MAX_LENGTH = 64
/** Largest SQL command of a cron job, in UTF-8 bytes (64 KiB). */
export const CRON_COMMAND_MAX_BYTES = 65_536
/** Runs listed per page of a job's history. */
export const CRON_RUNS_PAGE_SIZE = 20
/** Runs kept per job; older ones are pruned after each run (a `1 seconds` job makes 86,400 a day). */
export const CRON_RUNS_KEPT_PER_JOB = 500
/** Statement timeout of a cron command, in milliseconds. */
export const CRON_STATEMENT_TIMEOUT_MS = 60_000
