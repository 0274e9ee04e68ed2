/**
 * Why an invocation got no answer from the function's code: a status the gateway answers with,
 * a code, and a reason a person can act on (it names the limit and its value).
 */
import type { FunctionLimits } from '@/lib/functions/rules'
import type { RuntimeFailureCode } from './types'

const STATUS: Record<RuntimeFailureCode, number> = {
  CPU_LIMIT: 546,
  MEMORY_LIMIT: 546,
  WALL_CLOCK_LIMIT: 504,
  RESPONSE_TOO_LARGE: 546,
  BOOT_ERROR: 503,
  WORKER_CRASHED: 502,
  RUNTIME_UNAVAILABLE: 503,
}

export class FunctionRuntimeError extends Error {
  readonly status: number
  readonly code: RuntimeFailureCode

  constructor(code: RuntimeFailureCode, message: string) {
    super(message)
    this.name = 'FunctionRuntimeError'
    this.code = code
    this.status = STATUS[code]
  }
}

/** The failure for a limit the invocation went past. */
export function limitError(code: 'CPU_LIMIT' | 'MEMORY_LIMIT' | 'WALL_CLOCK_LIMIT' | 'RESPONSE_TOO_LARGE', limits: FunctionLimits): FunctionRuntimeError {
  switch (code) {
    case 'CPU_LIMIT':
      return new FunctionRuntimeError(code, `The function used more than its ${limits.cpuMs} ms of CPU time and was stopped`)
    case 'MEMORY_LIMIT':
      return new FunctionRuntimeError(code, `The function used more than its ${limits.memoryMb} MB of memory and was stopped`)
    case 'WALL_CLOCK_LIMIT':
      return new FunctionRuntimeError(code, `The function did not finish its response within its ${limits.wallMs} ms of wall-clock time and was stopped`)
    case 'RESPONSE_TOO_LARGE':
      return new FunctionRuntimeError(code, `The function's response was larger than its limit of ${formatBytes(limits.responseBytes)} and was stopped`)
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`
  return `${bytes} bytes`
}
