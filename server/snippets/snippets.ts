import crypto from 'node:crypto'
import { DEFAULT_SNIPPET_NAME, SNIPPETS_PER_PROJECT_LIMIT } from '@/lib/sql/limits'
import type { Db } from '../db/types'
import { conflict, notFound } from '../http/errors'
import type { Snippet, SnippetSummary, UpdateSnippetInput } from '@/lib/api-types/snippets'

export { DEFAULT_SNIPPET_NAME }

type SnippetRow = {
  id: string
  name: string
  content?: string
  favorite: boolean
  inserted_at: string | Date
  updated_at: string | Date
}

function iso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

function summary(row: SnippetRow, projectRef: string): SnippetSummary {
  return { id: row.id, name: row.name, favorite: row.favorite, project_ref: projectRef, inserted_at: iso(row.inserted_at), updated_at: iso(row.updated_at) }
}

function full(row: SnippetRow, projectRef: string): Snippet {
  return { ...summary(row, projectRef), sql: row.content ?? '' }
}

const SUMMARY_COLUMNS = 'id, name, favorite, inserted_at, updated_at'
const FULL_COLUMNS = `${SUMMARY_COLUMNS}, content`

/** The owner's snippets in a project: favourites first, then by name (stable while the user types). */
export async function listSnippets(db: Db, projectId: number, projectRef: string, ownerId: string): Promise<SnippetSummary[]> {
  const { rows } = await db.query<SnippetRow>(
    `select ${SUMMARY_COLUMNS} from platform.snippets
      where project_id = $1 and owner_id = $2
      order by favorite desc, lower(name), inserted_at, id`,
    [projectId, ownerId]
  )
  return rows.map((row) => summary(row, projectRef))
}

/** Creates a snippet; 409 once the owner keeps SNIPPETS_PER_PROJECT_LIMIT in the project. */
export async function createSnippet(
  db: Db,
  projectId: number,
  projectRef: string,
  ownerId: string,
  input: { name: string; sql: string }
): Promise<Snippet> {
  return db.transaction(async (tx) => {
    // Serialises creations of one owner in one project, so the limit holds under concurrency.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`snippets:${ownerId}:${projectId}`])
    const { rows: count } = await tx.query<{ n: number }>(
      'select count(*)::int as n from platform.snippets where project_id = $1 and owner_id = $2',
      [projectId, ownerId]
    )
    if (count[0].n >= SNIPPETS_PER_PROJECT_LIMIT) {
      throw conflict(`You keep ${SNIPPETS_PER_PROJECT_LIMIT.toLocaleString('en-US')} snippets in this project already, the most there can be: delete some first`)
    }
    const { rows } = await tx.query<SnippetRow>(
      `insert into platform.snippets (id, project_id, owner_id, name, content) values ($1, $2, $3, $4, $5)
       returning ${FULL_COLUMNS}`,
      [crypto.randomUUID(), projectId, ownerId, input.name, input.sql]
    )
    return full(rows[0], projectRef)
  })
}

/** One of the owner's snippets; 404 for another user's snippet as for a missing one. */
export async function getSnippet(db: Db, projectId: number, projectRef: string, ownerId: string, id: string): Promise<Snippet> {
  const { rows } = await db.query<SnippetRow>(
    `select ${FULL_COLUMNS} from platform.snippets where id = $1 and project_id = $2 and owner_id = $3`,
    [id, projectId, ownerId]
  )
  if (!rows[0]) throw notFound(`Snippet ${id} not found`)
  return full(rows[0], projectRef)
}

/** Changes the name, SQL and/or favourite flag of one of the owner's snippets. */
export async function updateSnippet(
  db: Db,
  projectId: number,
  projectRef: string,
  ownerId: string,
  id: string,
  input: UpdateSnippetInput
): Promise<Snippet> {
  const { rows } = await db.query<SnippetRow>(
    `update platform.snippets
        set name = coalesce($4, name),
            content = coalesce($5, content),
            favorite = coalesce($6, favorite),
            updated_at = now()
      where id = $1 and project_id = $2 and owner_id = $3
      returning ${FULL_COLUMNS}`,
    [id, projectId, ownerId, input.name ?? null, input.sql ?? null, input.favorite ?? null]
  )
  if (!rows[0]) throw notFound(`Snippet ${id} not found`)
  return full(rows[0], projectRef)
}

/** Deletes one of the owner's snippets. */
export async function deleteSnippet(db: Db, projectId: number, ownerId: string, id: string): Promise<void> {
  const { rows } = await db.query('delete from platform.snippets where id = $1 and project_id = $2 and owner_id = $3 returning id', [
    id,
    projectId,
    ownerId,
  ])
  if (!rows[0]) throw notFound(`Snippet ${id} not found`)
}
