/**
 * A project's Data API settings (migration 017, PostgREST's `db-schemas` and `db-max-rows`): which
 * schemas its REST API serves (the first when a request names none) and the most rows a read
 * answers. Changed through `PATCH /platform/projects/:ref/config/postgrest` (routes/postgrest-config.ts),
 * read by every REST request (`restSettings`).
 *
 * Each instance remembers a project's settings for SETTINGS_TTL_MS, so a request costs no store
 * round trip while a change still reaches every instance within that second (the instance that
 * made it forgets at once). A schema must exist in the project's database when it is exposed; its
 * USAGE for anon/authenticated/service_role is the owner's to grant (without it a request answers
 * Postgres's 42501, as on the hosted platform).
 */
import type { PostgrestConfig, UpdatePostgrestConfigBody } from '@/lib/api-types/postgrest-config'
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

/** What a REST request needs: the exposed schemas in order, and the row cap. */
export type RestSettings = { schemas: string[]; maxRows: number }

type Row = { db_schemas: string | null; max_rows: number | null }

const SELECT = `select pg_catalog.array_to_json(c.db_schemas)::pg_catalog.text as db_schemas, c.max_rows
  from platform.projects p left join platform.project_postgrest_config c on c.project_id = p.id
 where p.ref = $1 and p.status <> 'REMOVED'`

function settingsOf(row: Row | undefined): RestSettings | null {
  if (!row) return null
  return { schemas: row.db_schemas === null ? [...DEFAULT_EXPOSED_SCHEMAS] : (JSON.parse(row.db_schemas) as string[]), maxRows: row.max_rows === null ? DEFAULT_MAX_ROWS : Number(row.max_rows) }
}

const toConfig = (settings: RestSettings): PostgrestConfig => ({ db_schema: joinSchemaList(settings.schemas), max_rows: settings.maxRows })

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
    const next: RestSettings = { schemas: schemas ?? now.schemas, maxRows: body.max_rows ?? now.maxRows }
    await tx.query(
      `insert into platform.project_postgrest_config (project_id, db_schemas, max_rows) values ($1, $2::text[], $3)
       on conflict (project_id) do update set db_schemas = excluded.db_schemas, max_rows = excluded.max_rows, updated_at = now()`,
      [Number(project.id), arrayLiteral(next.schemas), next.maxRows]
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
    settingsOf((await store.query<Row>(SELECT, [ref])).rows[0]) ?? { schemas: [...DEFAULT_EXPOSED_SCHEMAS], maxRows: DEFAULT_MAX_ROWS })
}
