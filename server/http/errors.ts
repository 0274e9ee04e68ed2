/** An error with an HTTP status whose message is safe to show to the caller. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorCode?: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const badRequest = (message: string, errorCode?: string) => new ApiError(400, message, errorCode)
export const unauthorized = (message = 'You must be signed in to do this', errorCode?: string) =>
  new ApiError(401, message, errorCode)
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message)
export const notFound = (message: string) => new ApiError(404, message)
export const conflict = (message: string) => new ApiError(409, message)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, 'over_request_rate_limit', { 'Retry-After': String(retryAfterSeconds) })
