/**
 * Errors of the storage API in Supabase Storage's shape, which storage-js reads:
 * `{ statusCode: "404", code: "NoSuchKey", error: "not_found", message }` (`code` is what
 * `StorageApiError.code` carries, e.g. `exists()` looks for NoSuchKey).
 */
export class StorageApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Further fields of the answer, after the anchor's four (e.g. the limit an upload went past). */
    readonly extra: Record<string, string | number> = {}
  ) {
    super(message)
    this.name = 'StorageApiError'
  }

  toJSON() {
    return { statusCode: String(this.status), code: this.code, error: ERROR_NAMES[this.status] ?? 'error', message: this.message, ...this.extra }
  }
}

const ERROR_NAMES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'access_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'timeout',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'invalid_mime_type',
  416: 'invalid_range',
  500: 'internal',
}

export const invalidRequest = (message: string) => new StorageApiError(400, 'InvalidRequest', message)
export const bucketNotFound = () => new StorageApiError(404, 'NoSuchBucket', 'Bucket not found')
export const objectNotFound = () => new StorageApiError(404, 'NoSuchKey', 'Object not found')

type PgLike = { code: string; message: string }

const isPgError = (error: unknown): error is PgLike => {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/** A Postgres error of a storage request as the storage API answers it; null when it is not one. */
export function storagePostgresError(error: unknown): StorageApiError | null {
  if (!isPgError(error)) return null
  switch (error.code) {
    case '42501':
      return new StorageApiError(403, 'AccessDenied', error.message)
    case '23505':
      return new StorageApiError(409, 'Duplicate', 'The resource already exists')
    case '23503':
      return new StorageApiError(409, 'InvalidRequest', 'The bucket is not empty: empty it before deleting it')
    case '57014':
      return new StorageApiError(408, 'DatabaseTimeout', 'The request took too long and was cancelled')
    case '22P02':
    case '22001':
    case '23514':
      return new StorageApiError(400, 'InvalidRequest', error.message)
    default:
      return null
  }
}
