import crypto from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { isPlanId } from '@/lib/catalogue/plans'
import { getServerConfig } from '@/lib/config'
import { functionLimits, type FunctionLimits } from '@/lib/functions/rules'
import { recordFunctionInvocation as meterInvocation } from '../billing/function-metering'
import { getStore } from '../db/store'
import { storeCache } from '../db/store-cache'
import type { Db } from '../db/types'
import { recordFunctionConsole, recordFunctionInvocation, type FunctionLogSubject } from '../logs/function-log'
import { currentSigningKey, signedApiKeys, type ProjectSigningKey } from '../projects/api-keys'
import { FunctionRuntimeError, invokeFunction } from './runtime'
import type { InvocationResponse, WorkerSpec } from './runtime/types'
import { openFunctionSecrets } from './secrets'
import { listFunctionRows, servingRow, versionBundle, type ServingRow } from './store'

/**
 * One invocation of a project's function, wherever it comes from (an app through the gateway,
 * gateway.ts, or the dashboard's test panel): the serving version is found (kept a second per
 * instance, like the project's signing key), its worker is given the project's URL, keys and
 * secrets as its whole environment, and the answer or the runtime's refusal is logged
 * (`function_edge_logs`, the code's console in `function_logs`) and metered.
 */

/** A refusal of the gateway itself (no such function, a bad JWT, a body too large), answered as `{ code, message }`. */
export class GatewayError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message)
  }
}

export const SERVING_TTL_MS = 1_000
/** Statuses whose project serves its functions (spec §4: the database is up). */
const SERVING_STATUSES = new Set(['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY', 'UPGRADING', 'RESIZING'])
const serving = storeCache<ServingRow>('edgeFunctionServing', SERVING_TTL_MS, 5_000)

/** The serving version of `slug` (this instance follows a deploy or rollback elsewhere within a second). */
export async function findServing(ref: string, slug: string): Promise<ServingRow> {
  const db = await getStore()
  const row = await serving.get(db, `${ref}/${slug}`, () => servingRow(db, ref, slug))
  if (!row) throw new GatewayError(404, 'NOT_FOUND', `Requested function "${slug}" was not found`)
  // A paused project serves nothing (its database is down); functions of one on its way up or back wait for it.
  if (!SERVING_STATUSES.has(row.project_status)) throw new GatewayError(503, 'PROJECT_NOT_ACTIVE', `The project is ${row.project_status === 'INACTIVE' ? 'paused: restore it' : `${row.project_status.toLowerCase().replaceAll('_', ' ')}: wait until it is active`} to call its functions`)
  return row
}

/** After a deploy, rollback or delete here: this instance serves the change at once. */
export async function forgetServing(ref: string, slug: string): Promise<void> {
  serving.forget(await getStore(), `${ref}/${slug}`)
}

/** After a change of the project's secrets here: its functions start workers with the new values at once. */
export async function forgetProjectServing(ref: string, projectId: number): Promise<void> {
  const db = await getStore()
  for (const row of await listFunctionRows(db, projectId)) serving.forget(db, `${ref}/${row.slug}`)
}

export function limitsOf(row: ServingRow): FunctionLimits {
  if (!getServerConfig().isPlatform) return functionLimits('enterprise')
  return functionLimits(isPlanId(row.plan) ? row.plan : 'free')
}

/** Opened secrets by project and epoch: a worker starts with them; a change of epoch drops them. */
const openedSecrets = new Map<string, Promise<Record<string, string>>>()

function secretsFor(db: Db, row: ServingRow): Promise<Record<string, string>> {
  const key = `${row.project_id}:${row.secrets_epoch}`
  let secrets = openedSecrets.get(key)
  if (!secrets) {
    for (const old of openedSecrets.keys()) if (old.startsWith(`${row.project_id}:`)) openedSecrets.delete(old)
    if (openedSecrets.size > 1_000) openedSecrets.clear()
    secrets = openFunctionSecrets(db, row.project_id)
    secrets.catch(() => openedSecrets.delete(key))
    openedSecrets.set(key, secrets)
  }
  return secrets
}

/** Specs by everything they are made of, so a warm invocation builds none (bounded: the oldest go first). */
const specs = new Map<string, Promise<WorkerSpec>>()
const SPECS_MAX = 1_000

async function workerSpec(ref: string, row: ServingRow, url: string): Promise<WorkerSpec> {
  const db = await getStore()
  const signing = await currentSigningKey(db, ref)
  if (!signing) throw new GatewayError(404, 'NOT_FOUND', `Project ${ref} was not found`)
  const id = `${ref}|${row.id}|${row.active_version}|${row.secrets_epoch}|${row.plan}|${signing.keyVersion}|${signing.issuedAt.getTime()}|${url}`
  let spec = specs.get(id)
  if (!spec) {
    // A function's older specs (another version, secrets epoch or key) are not used again: their values go.
    for (const old of specs.keys()) if (old.startsWith(`${ref}|${row.id}|`)) specs.delete(old)
    if (specs.size >= SPECS_MAX) specs.delete(specs.keys().next().value as string)
    spec = makeSpec(db, ref, row, signing, url)
    spec.catch(() => specs.delete(id))
    specs.set(id, spec)
  }
  return spec
}

async function makeSpec(db: Db, ref: string, row: ServingRow, signing: ProjectSigningKey, url: string): Promise<WorkerSpec> {
  const [keys, secrets] = await Promise.all([signedApiKeys(signing), secretsFor(db, row)])
  const env: Record<string, string> = {
    ...secrets,
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: keys.anon,
    SUPABASE_SERVICE_ROLE_KEY: keys.service_role,
  }
  const subject: FunctionLogSubject = { ref, functionId: row.id, slug: row.slug, version: row.active_version }
  const envHash = crypto.createHash('sha256').update(JSON.stringify(Object.entries(env).sort())).digest('base64url').slice(0, 16)
  return {
    key: `${ref}/${row.id}/v${row.active_version}/${envHash}`,
    loadBundle: async () => {
      const bundle = await versionBundle(await getStore(), row.id, row.active_version)
      if (bundle === null) throw new FunctionRuntimeError('BOOT_ERROR', `Version ${row.active_version} of "${row.slug}" is gone (deleted meanwhile)`)
      return bundle
    },
    env,
    limits: limitsOf(row),
    onLog: (line) => recordFunctionConsole(subject, line),
  }
}

export type Invocation = {
  ref: string
  row: ServingRow
  method: string
  /** Below the function's URL: `''`, `/more/path`; and the query, `?a=1` or `''`. */
  subpath: string
  search: string
  headers: IncomingHttpHeaders
  /** The project's API URL the worker gets as SUPABASE_URL (`internalProjectApiEndpoint`: never from a Host header). */
  apiUrl: string
  body: Buffer | null
  signal?: AbortSignal
}

/** Runs an invocation, logged and metered; a runtime refusal comes back as a GatewayError. */
export async function runInvocation(call: Invocation): Promise<InvocationResponse> {
  const startedAt = new Date()
  const started = performance.now()
  const executionId = crypto.randomUUID()
  const path = `/${call.row.slug}${call.subpath}`
  const log = (status: number, cold: boolean, error?: string) =>
    recordFunctionInvocation({ ref: call.ref, functionId: call.row.id, slug: call.row.slug, version: call.row.active_version, executionId, method: call.method, path, status, durationMs: performance.now() - started, cold, error, startedAt })
  meterInvocation(call.ref)
  try {
    const spec = await workerSpec(call.ref, call.row, call.apiUrl)
    const origin = new URL(spec.env.SUPABASE_URL).origin
    // Hop-by-hop headers, Content-Length and Host are the runtime's to drop (runtime/invocation.ts).
    const headers: [string, string][] = []
    for (const [name, value] of Object.entries(call.headers)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v])
    }
    headers.push(['x-execution-id', executionId])
    const response = await invokeFunction(spec, { executionId, method: call.method, url: `${origin}${path}${call.search}`, headers, body: call.body, signal: call.signal })
    log(response.status, response.cold)
    return response
  } catch (error) {
    if (error instanceof FunctionRuntimeError) {
      log(error.status, false, error.code)
      throw new GatewayError(error.status, error.code, error.message)
    }
    // The caller left (499, as proxies log it): its worker was stopped mid-answer.
    if (call.signal?.aborted) log(499, false, 'CLIENT_CLOSED')
    else log(500, false, 'INTERNAL')
    throw error
  }
}
