/**
 * The functions runtime: bundles a function's code at deploy, and runs invocations in sandboxed,
 * warm Deno workers with per-invocation CPU, memory, wall-clock and response-size limits.
 * The platform (store, deploy route, gateway) builds on these exports only.
 */
import { FunctionRuntimeError } from './errors'
import { runInvocation } from './invocation'
import { workerPool } from './pool'
import { runtimeStatus } from './sandbox'
import type { InvocationRequest, InvocationResponse, WorkerSpec } from './types'

export { bundleFunction } from './bundle'
export { FunctionRuntimeError } from './errors'
export { runtimeStatus } from './sandbox'

/**
 * Runs one invocation on a warm worker of `spec.key` (starting one when none is free: `cold`).
 * Throws FunctionRuntimeError when the code gives no answer (a limit, a boot error, a crash).
 */
export async function invokeFunction(spec: WorkerSpec, req: InvocationRequest): Promise<InvocationResponse> {
  const status = runtimeStatus()
  if (!status.available) throw new FunctionRuntimeError('RUNTIME_UNAVAILABLE', status.reason ?? 'The functions runtime is not available')
  const pool = workerPool()
  const { worker, cold } = await pool.acquire(spec, req.signal)
  try {
    const response = await runInvocation(worker, req)
    return { ...response, cold }
  } finally {
    pool.release(worker)
  }
}

/** Stops every worker (tests, shutdown). */
export function stopAllWorkers(): Promise<void> {
  return workerPool().stopAll()
}

/** How many workers are running or starting, for one key or all (tests, status). */
export function runningWorkers(key?: string): number {
  return workerPool().count(key)
}
