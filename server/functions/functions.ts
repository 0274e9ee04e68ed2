import crypto from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { audit } from '../access'
import type { Db } from '../db/types'
import { badRequest, conflict, notFound } from '../http/errors'
import { projectApiEndpoint } from '../projects/api-endpoint'
import { bundleFunction } from './runtime'
import * as store from './store'
import type { DeployFunctionInput, DeployFunctionResponse, EdgeFunction, EdgeFunctionDetail, FunctionFile, FunctionVersion, FunctionVersionDetail } from '@/lib/api-types/functions'
import { FUNCTION_ENTRYPOINT } from '@/lib/functions/rules'

/**
 * Edge Functions of a project as the dashboard and the Management API's shape manage them:
 * deploy (bundle, then store a new version that serves at once), list with the last day's
 * invocations, versions, rollback, rename, JWT verification, delete. Bundling happens before any
 * write, so a deploy that fails changes nothing; the version is written in one transaction.
 */

export type FunctionsActor = { userId: string; organizationId: number; projectId: number; projectRef: string; headers: IncomingHttpHeaders }

/** A deploy whose code did not bundle: 400 with the bundler's output. */
export class DeployError extends Error {
  constructor(message: string, readonly buildOutput: string) {
    super(message)
  }
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString()
const DAY_MS = 24 * 3_600_000

function serialize(actor: FunctionsActor, row: store.FunctionRow, counts?: { invocations: number; errors: number }): EdgeFunction {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: 'ACTIVE',
    version: row.active_version,
    latest_version: row.latest_version,
    verify_jwt: row.verify_jwt,
    entrypoint_path: FUNCTION_ENTRYPOINT,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    url: `${projectApiEndpoint(actor.projectRef, actor.headers)}/functions/v1/${row.slug}`,
    invocations_24h: counts?.invocations ?? 0,
    errors_24h: counts?.errors ?? 0,
  }
}

async function requireFunction(db: Db, actor: FunctionsActor, slug: string, lock = false): Promise<store.FunctionRow> {
  const row = await store.functionRow(db, actor.projectId, slug, lock)
  if (!row) throw notFound(`Function "${slug}" not found in this project`)
  return row
}

const record = (db: Db, actor: FunctionsActor, action: string, slug: string, extra: Record<string, unknown> = {}) =>
  audit(db, {
    userId: actor.userId,
    organizationId: actor.organizationId,
    action,
    target: `${actor.projectRef}/functions/${slug}`,
    metadata: { project_ref: actor.projectRef, slug, ...extra },
  })

export async function listFunctions(db: Db, actor: FunctionsActor): Promise<EdgeFunction[]> {
  const [rows, counts] = await Promise.all([store.listFunctionRows(db, actor.projectId), store.invocationCounts(db, actor.projectId, new Date(Date.now() - DAY_MS))])
  return rows.map((row) => serialize(actor, row, counts.get(row.id)))
}

const filesOf = (value: FunctionFile[] | string): FunctionFile[] => (typeof value === 'string' ? JSON.parse(value) : value)

export async function getFunction(db: Db, actor: FunctionsActor, slug: string): Promise<EdgeFunctionDetail> {
  const row = await requireFunction(db, actor, slug)
  const [version, counts] = await Promise.all([store.versionRow(db, row.id, row.active_version), store.invocationCounts(db, actor.projectId, new Date(Date.now() - DAY_MS), row.id)])
  return { ...serialize(actor, row, counts.get(row.id)), files: version ? filesOf(version.files) : [] }
}

/** Bundles and stores a new version (creating the function on its first deploy). */
export async function deployFunction(db: Db, actor: FunctionsActor, input: DeployFunctionInput, signal?: AbortSignal): Promise<{ created: boolean; fn: DeployFunctionResponse }> {
  const files: FunctionFile[] = [{ name: FUNCTION_ENTRYPOINT, content: input.body }, ...(input.files ?? [])]
  const built = await bundleFunction({ files, entrypoint: FUNCTION_ENTRYPOINT, tenant: actor.projectRef, signal })
  if (!built.ok) throw new DeployError(`Deploy failed: ${built.message}`, built.output)
  let created = false
  const row = await db.transaction(async (tx) => {
    let fn = await store.functionRow(tx, actor.projectId, input.slug, true)
    if (!fn) {
      created = true
      try {
        await store.insertFunction(tx, { id: crypto.randomUUID(), projectId: actor.projectId, slug: input.slug, name: input.name ?? input.slug, verifyJwt: input.verify_jwt ?? true })
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw conflict(`Function "${input.slug}" is being deployed by someone else right now: try again`)
        throw error
      }
      fn = (await store.functionRow(tx, actor.projectId, input.slug, true))!
    }
    const version = await store.insertVersion(tx, fn, { files, bundle: built.bundle, buildOutput: built.output, createdBy: actor.userId }, { name: created ? undefined : input.name, verifyJwt: input.verify_jwt })
    await record(tx, actor, 'functions.deployed', input.slug, { version })
    return (await store.functionRow(tx, actor.projectId, input.slug))!
  })
  return { created, fn: { ...serialize(actor, row), build_output: built.output } }
}

export async function updateFunction(db: Db, actor: FunctionsActor, slug: string, changes: { name?: string; verify_jwt?: boolean }): Promise<EdgeFunction> {
  const row = await requireFunction(db, actor, slug)
  await store.updateFunctionRow(db, row.id, { name: changes.name, verifyJwt: changes.verify_jwt })
  await record(db, actor, 'functions.updated', slug, changes)
  return serialize(actor, await requireFunction(db, actor, slug))
}

export async function deleteFunction(db: Db, actor: FunctionsActor, slug: string): Promise<void> {
  const row = await requireFunction(db, actor, slug)
  await db.transaction(async (tx) => {
    await store.deleteFunctionRow(tx, row.id)
    await record(tx, actor, 'functions.deleted', slug)
  })
}

function serializeVersion(row: store.VersionRow, active: number): FunctionVersion {
  return { version: row.version, created_at: iso(row.created_at), created_by: row.created_by, active: row.version === active, bundle_bytes: Number(row.bundle_bytes), build_output: row.build_output }
}

export async function listVersions(db: Db, actor: FunctionsActor, slug: string): Promise<FunctionVersion[]> {
  const row = await requireFunction(db, actor, slug)
  return (await store.versionRows(db, row.id)).map((v) => serializeVersion(v, row.active_version))
}

export async function getVersion(db: Db, actor: FunctionsActor, slug: string, version: number): Promise<FunctionVersionDetail> {
  const row = await requireFunction(db, actor, slug)
  const found = await store.versionRow(db, row.id, version)
  if (!found) throw notFound(`Function "${slug}" has no version ${version}`)
  return { ...serializeVersion(found, row.active_version), files: filesOf(found.files) }
}

/** Serves `version` again (any kept version, older or newer than the serving one). */
export async function rollbackFunction(db: Db, actor: FunctionsActor, slug: string, version: number): Promise<EdgeFunction> {
  const row = await requireFunction(db, actor, slug)
  if (version > row.latest_version) throw badRequest(`Function "${slug}" has no version ${version}: its latest is ${row.latest_version}`)
  if (version === row.active_version) throw conflict(`Version ${version} of "${slug}" is already serving`)
  await db.transaction(async (tx) => {
    await store.setActiveVersion(tx, row.id, version)
    await record(tx, actor, 'functions.rolled_back', slug, { from: row.active_version, to: version })
  })
  return serialize(actor, await requireFunction(db, actor, slug))
}
