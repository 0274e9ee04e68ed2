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
import { projectApiEndpoint } from '../projects/api-endpoint'
import { currentSigningKey, signedApiKeys } from '../projects/api-keys'
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
const serving = storeCache<ServingRow>('edgeFunctionServing', SERVING_TTL_MS, 5_000)

/** The serving version of `slug` (this instance follows a deploy or rollback elsewhere within a second). */
export async function findServing(ref: string, slug: string): Promise<ServingRow> {
  const db = await getStore()
  const row = await serving.get(db, `${ref}/${slug}`, () => servingRow(db, ref, slug))
  if (!row) throw new GatewayError(404, 'NOT_FOUND', `Requested function "${slug}" was not found`)
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

async function workerSpec(ref: string, row: ServingRow, headers: IncomingHttpHeaders): Promise<WorkerSpec> {
  const db = await getStore()
  const signing = await currentSigningKey(db, ref)
  if (!signing) throw new GatewayError(404, 'NOT_FOUND', `Project ${ref} was not found`)
  const [keys, secrets] = await Promise.all([signedApiKeys(signing), secretsFor(db, row)])
  const env: Record<string, string> = {
    ...secrets,
    SUPABASE_URL: projectApiEndpoint(ref, headers),
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
    const spec = await workerSpec(call.ref, call.row, call.headers)
    const origin = new URL(spec.env.SUPABASE_URL).origin
    const headers: [string, string][] = []
    for (const [name, value] of Object.entries(call.headers)) {
      if (value === undefined || name === 'host' || name === 'connection' || name === 'transfer-encoding' || name === 'content-length') continue
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
