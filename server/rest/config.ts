/**
 * A project's Data API settings (migrations 017 and 023, PostgREST's `db-schemas`, `db-max-rows`,
 * `db-aggregates-enabled` and `db-tx-end`): which schemas its REST API serves (the first when a
 * request names none), the most rows a read answers, whether `select` may aggregate, and how a
 * request's transaction ends (`Prefer: tx=` may change it when the setting allows an override). Changed through `PATCH /platform/projects/:ref/config/postgrest` (routes/postgrest-config.ts),
 * read by every REST request (`restSettings`).
 *
 * Each instance remembers a project's settings for SETTINGS_TTL_MS, so a request costs no store
 * round trip while a change still reaches every instance within that second (the instance that
 * made it forgets at once). A schema must exist in the project's database when it is exposed; its
 * USAGE for anon/authenticated/service_role is the owner's to grant (without it a request answers
 * Postgres's 42501, as on the hosted platform).
 */
import type { PostgrestConfig, TxEnd, UpdatePostgrestConfigBody } from '@/lib/api-types/postgrest-config'
import {
  arrayLiteral, DEFAULT_EXPOSED_SCHEMAS, DEFAULT_MAX_ROWS, joinSchemaList, splitSchemaList,
} from '@/lib/rest'
import { auditOrg, type ProjectRow } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { getStore } from '../db/store'
import { storeCache } from '../db/store-cache'
import { badRequest, notFound } from '../http/errors'
import { getProjectDb } from '../projects/project-db'

/** What a REST request needs: the exposed schemas in order, the row cap, aggregates allowed, how its transaction ends. */
export type RestSettings = { schemas: string[]; maxRows: number; aggregatesEnabled: boolean; txEnd: TxEnd }

type Row = { db_schemas: string | null; max_rows: number | null; db_aggregates_enabled: boolean | null; db_tx_end: string | null }

/** A project without a row of settings: PostgREST's defaults (public, 1000 rows, no aggregates, commit). */
const DEFAULTS: RestSettings = { schemas: [...DEFAULT_EXPOSED_SCHEMAS], maxRows: DEFAULT_MAX_ROWS, aggregatesEnabled: false, txEnd: 'commit' }

const SELECT = `select pg_catalog.array_to_json(c.db_schemas)::pg_catalog.text as db_schemas, c.max_rows, c.db_aggregates_enabled, c.db_tx_end
  from platform.projects p left join platform.project_postgrest_config c on c.project_id = p.id
 where p.ref = $1 and p.status <> 'REMOVED'`

function settingsOf(row: Row | undefined): RestSettings | null {
  if (!row) return null
  return {
    schemas: row.db_schemas === null ? [...DEFAULTS.schemas] : (JSON.parse(row.db_schemas) as string[]),
    maxRows: row.max_rows === null ? DEFAULTS.maxRows : Number(row.max_rows),
    aggregatesEnabled: row.db_aggregates_enabled === true || (row.db_aggregates_enabled as unknown) === 't',
    txEnd: (row.db_tx_end as TxEnd | null) ?? DEFAULTS.txEnd,
  }
}

const toConfig = (settings: RestSettings): PostgrestConfig => ({
  db_schema: joinSchemaList(settings.schemas), max_rows: settings.maxRows,
  db_aggregates_enabled: settings.aggregatesEnabled, db_tx_end: settings.txEnd,
})

async function readSettings(db: Db, ref: string): Promise<RestSettings> {
  const settings = settingsOf((await db.query<Row>(SELECT, [ref])).rows[0])
  if (!settings) throw notFound(`Project ${ref} not found`)
  return settings
}

/** The project's Data API settings; 404 when there is no such project. */
export async function getPostgrestConfig(db: Db, ref: string): Promise<PostgrestConfig> {
  return toConfig(await readSettings(db, ref))
}

/** The names among `names` that are not schemas of the project's database. */
async function missingSchemas(ref: string, names: string[]): Promise<string[]> {
  const db = await getProjectDb(ref)
  const { rows } = await db.query<{ name: string }>(
    'select nspname::pg_catalog.text as name from pg_catalog.pg_namespace where nspname = any($1::pg_catalog.text[])',
    [arrayLiteral(names)]
  )
  const found = new Set(rows.map((r) => r.name))
  return names.filter((name) => !found.has(name))
}

/**
 * Changes the settings given (the others keep their value); 400 naming any schema the project's
 * database does not have. Audit-logged in the organization.
 */
export async function updatePostgrestConfig(
  db: Db,
  caller: Pick<Caller, 'userId'>,
  project: Pick<ProjectRow, 'id' | 'ref' | 'organization_id'>,
  body: UpdatePostgrestConfigBody
): Promise<PostgrestConfig> {
  const schemas = body.db_schema === undefined ? undefined : splitSchemaList(body.db_schema)
  if (schemas) {
    const missing = await missingSchemas(project.ref, schemas)
    if (missing.length > 0) {
      throw badRequest(`db_schema: ${missing.map((name) => `'${name}'`).join(', ')} ${missing.length === 1 ? 'is not a schema' : 'are not schemas'} of the project's database`)
    }
  }
  const saved = await db.transaction(async (tx) => {
    const now = await readSettings(tx, project.ref)
    const next: RestSettings = {
      schemas: schemas ?? now.schemas, maxRows: body.max_rows ?? now.maxRows,
      aggregatesEnabled: body.db_aggregates_enabled ?? now.aggregatesEnabled, txEnd: body.db_tx_end ?? now.txEnd,
    }
    await tx.query(
      `insert into platform.project_postgrest_config (project_id, db_schemas, max_rows, db_aggregates_enabled, db_tx_end)
       values ($1, $2::text[], $3, $4, $5)
       on conflict (project_id) do update set db_schemas = excluded.db_schemas, max_rows = excluded.max_rows,
         db_aggregates_enabled = excluded.db_aggregates_enabled, db_tx_end = excluded.db_tx_end, updated_at = now()`,
      [Number(project.id), arrayLiteral(next.schemas), next.maxRows, next.aggregatesEnabled, next.txEnd]
    )
    await auditOrg(tx, caller, Number(project.organization_id), 'project.postgrest_config_updated', project.ref, { changed: Object.keys(body) })
    return next
  })
  remembered.forget(db, project.ref)
  return toConfig(saved)
}

/** How long an instance trusts what it read: a change shows on every instance within this. */
export const SETTINGS_TTL_MS = 1_000
const remembered = storeCache<RestSettings>('restSettings', SETTINGS_TTL_MS, 2_000)

/**
 * The settings a REST request of `ref` runs with, read at most once a second per instance
 * (db/store-cache.ts); the defaults for a project the store does not know (its key is refused anyway).
 */
export async function restSettings(ref: string): Promise<RestSettings> {
  const store = await getStore()
  return remembered.get(store, ref, async () =>
    settingsOf((await store.query<Row>(SELECT, [ref])).rows[0]) ?? { ...DEFAULTS, schemas: [...DEFAULTS.schemas] })
}
