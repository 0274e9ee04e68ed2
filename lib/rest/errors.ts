/**
 * The errors of the project REST API in PostgREST's shape: `{ code, message, details, hint }` with
 * the HTTP status PostgREST answers them with. Pure: the server turns one into a response.
 */

/** The body PostgREST sends with an error. */
/** The `details` of an error: text, or (PGRST201) the relationships it could mean. */
export type RestErrorDetails = string | readonly Record<string, string>[] | null

export interface RestErrorBody {
  code: string
  message: string
  details: RestErrorDetails
  hint: string | null
}

/** An error of the REST grammar or request, carrying PostgREST's status, code and words. */
export class RestError extends Error {
  readonly status: number
  readonly code: string
  readonly details: RestErrorDetails
  readonly hint: string | null

  constructor(status: number, code: string, message: string, details: RestErrorDetails = null, hint: string | null = null) {
    super(message)
    this.name = 'RestError'
    this.status = status
    this.code = code
    this.details = details
    this.hint = hint
  }

  /** The JSON body PostgREST answers with. */
  toJSON(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint }
  }
}

/** PGRST100 (400): a query parameter that does not parse; `what` names it ("select parameter", "filter", ...). */
export function parseError(what: string, raw: string, details: string, hint: string | null = null): RestError {
  return new RestError(400, 'PGRST100', `failed to parse ${what} (${raw})`, details, hint)
}
