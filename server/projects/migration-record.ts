import { redactPasswords, REDACTED_MIGRATION_PASSWORD } from '@/lib/sql/redact'
import { defaultMigrationName, isTransactionControl, MIGRATIONS_SCHEMA, MIGRATIONS_TABLE, shouldRecord } from '@/lib/database/migrations'
import { quoteIdent, type ProjectRoles } from './jail'

/**
 * The migration history of a project (`supabase_migrations.schema_migrations`, the Supabase CLI's
 * table with the columns Supabase's platform adds: created_by, idempotency_key), written in the
 * transaction of the change it records, AS THE MEMBER'S ROLE through the jail: a record never
 * outlives a rolled-back change, and whatever a member put in place of the table (a view, a
 * trigger) runs with the member's own rights, never the platform's. Each project database is its
 * own, so no tenant can reach another's history.
 */

/** Who asked and what the run is called (a Database screen's action, a snippet's name, the API's). */
export type MigrationRecordInput = {
  name: string | null
  createdBy: string | null
  /** Record whatever the run holds (the migrations API), not only schema changes and writes. */
  always?: boolean
  /** The migrations API's `Idempotency-Key`: kept with the run's first record, unique in the history. */
  idempotencyKey?: string | null
}

const COLUMNS = `version text not null primary key, statements text[], name text, created_by text, idempotency_key text unique`

/**
 * Made with the database at its open (the platform's privileged session, like the storage schema):
 * only when the schema is missing, so the platform never touches a member's object of that name.
 * Owned by the project's owner role, as `supabase db push` leaves it owned by `postgres`.
 */
export function projectMigrationsTableSql(roles: ProjectRoles): string {
  const owner = quoteIdent(roles.owner)
  return `
do $migrations$
begin
  if exists (select 1 from pg_catalog.pg_namespace where nspname = '${MIGRATIONS_SCHEMA}') then return; end if;
  create schema ${MIGRATIONS_SCHEMA} authorization ${owner};
  create table ${MIGRATIONS_TABLE} (${COLUMNS});
  alter table ${MIGRATIONS_TABLE} owner to ${owner};
  grant usage on schema ${MIGRATIONS_SCHEMA} to ${quoteIdent(roles.readonly)};
  grant select on ${MIGRATIONS_TABLE} to ${quoteIdent(roles.readonly)};
end
$migrations$;`
}

/**
 * Run as the member (jail): records of one project come one at a time (a transaction-scoped lock),
 * and a history the member dropped is made again, as the CLI makes it when missing.
 */
export function ensureMigrationsTableSql(roles: ProjectRoles): string {
  return `do $record$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('supabase_migrations.record'));
  if pg_catalog.to_regclass('${MIGRATIONS_TABLE}') is null then
    create schema if not exists ${MIGRATIONS_SCHEMA};
    create table ${MIGRATIONS_TABLE} (${COLUMNS});
    grant usage on schema ${MIGRATIONS_SCHEMA} to ${quoteIdent(roles.readonly)};
    grant select on ${MIGRATIONS_TABLE} to ${quoteIdent(roles.readonly)};
  end if;
end
$record$`
}

/**
 * The record: the CLI's version (the UTC time, YYYYMMDDHHMMSS), one past the newest when that is
 * taken, so versions stay unique and ordered. $1 name, $2 statements, $3 created_by; `keyed`: $4
 * the idempotency key (the column is added to a history made without it).
 */
function insertMigrationSql(keyed: boolean): string {
  return `insert into ${MIGRATIONS_TABLE} (version, name, statements, created_by${keyed ? ', idempotency_key' : ''})
select greatest(pg_catalog.to_char(pg_catalog.timezone('UTC', pg_catalog.clock_timestamp()), 'YYYYMMDDHH24MISS'),
    (select (pg_catalog.max(m.version)::pg_catalog.int8 operator(pg_catalog.+) 1)::pg_catalog.text from ${MIGRATIONS_TABLE} m
      where m.version operator(pg_catalog.~) '^[0-9]{14}$')),
  $1::pg_catalog.text, $2::pg_catalog.text[], $3::pg_catalog.text${keyed ? ', $4::pg_catalog.text' : ''}
returning version`
}
export const INSERT_MIGRATION_SQL = insertMigrationSql(false)
const INSERT_KEYED_MIGRATION_SQL = insertMigrationSql(true)
const ADD_KEY_COLUMN_SQL = `alter table ${MIGRATIONS_TABLE} add column if not exists idempotency_key text unique`

/** Runs a statement as the member's role (member-sql.ts runJailed). */
export type JailedRunner = (text: string, params: unknown[] | undefined) => Promise<{ rows: Record<string, unknown>[] }>

/**
 * Collects a run's statements and writes them as one migration just before the transaction that
 * holds them commits (`flush`); a ROLLBACK forgets them (`discard`).
 */
export class MigrationRecorder {
  private pending: string[] = []
  /** Versions written by this run, oldest first. */
  readonly versions: string[] = []

  constructor(
    private readonly input: MigrationRecordInput,
    private readonly roles: ProjectRoles
  ) {}

  /** Whether this statement alone would be recorded (the runner then gives it a transaction). */
  wouldRecord(text: string): boolean {
    return !isTransactionControl(text) && (this.input.always === true || shouldRecord([text], this.input.name !== null))
  }

  /** Kept with any password redacted: the history is readable by every member (and `db pull`). */
  note(text: string): void {
    if (!isTransactionControl(text)) this.pending.push(redactPasswords(text, REDACTED_MIGRATION_PASSWORD))
  }

  discard(): void {
    this.pending = []
  }

  /** Writes the pending statements as a migration, in the transaction about to commit. */
  async flush(run: JailedRunner): Promise<void> {
    const statements = this.pending
    this.pending = []
    if (statements.length === 0 || !(this.input.always || shouldRecord(statements, this.input.name !== null))) return
    await run(ensureMigrationsTableSql(this.roles), undefined)
    const values = [this.input.name ?? defaultMigrationName(statements), statements, this.input.createdBy]
    const key = this.versions.length === 0 ? (this.input.idempotencyKey ?? null) : null
    if (key !== null) await run(ADD_KEY_COLUMN_SQL, undefined)
    const { rows } = key === null ? await run(INSERT_MIGRATION_SQL, values) : await run(INSERT_KEYED_MIGRATION_SQL, [...values, key])
    if (typeof rows[0]?.version === 'string') this.versions.push(rows[0].version)
  }
}
