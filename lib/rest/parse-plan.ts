/**
 * `Accept: application/vnd.pgrst.plan` (PostgREST's execution plan media type): the request is
 * answered with Postgres's EXPLAIN of the statement it would run. `+json` / `+text` (or
 * `format=json|text`) chooses EXPLAIN's format (text by default), `for="<media type>"` the answer
 * being explained (JSON rows by default), `options=analyze|verbose|settings|buffers|wal` EXPLAIN's
 * options.
 */
import { RestError } from './errors'

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const
export type PlanOption = (typeof PLAN_OPTIONS)[number]

/** What a plan request asks for: EXPLAIN's format and options, and the media type whose statement is explained. */
export interface PlanRequest {
  format: 'json' | 'text'
  options: PlanOption[]
  for: string
}

const PLAN_TYPE = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/

/** Splits `a; b="c; d"; e=f` at the semicolons outside quotes. */
function splitParams(entry: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  for (const ch of entry) {
    if (ch === '"') quoted = !quoted
    if (ch === ';' && !quoted) {
      parts.push(current)
      current = ''
    } else current += ch
  }
  parts.push(current)
  return parts.map((p) => p.trim()).filter((p) => p !== '')
}

/**
 * The plan the `Accept` header asks for, or null when it asks for no plan (its first media type
 * that is a plan type decides). An unknown option or format is PGRST107 (406), as PostgREST
 * answers a media type it cannot serve.
 */
export function parsePlanAccept(header: string | null | undefined): PlanRequest | null {
  if (!header) return null
  for (const entry of header.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const [type = '', ...params] = splitParams(entry)
    const m = PLAN_TYPE.exec(type.toLowerCase())
    if (!m) continue
    const plan: PlanRequest = { format: (m[1] as 'json' | 'text' | undefined) ?? 'text', options: [], for: 'application/json' }
    for (const param of params) {
      const [key = '', raw = ''] = param.split(/=(.*)/s).map((s) => s.trim())
      const value = raw.replace(/^"(.*)"$/s, '$1')
      if (key === 'for') plan.for = value || 'application/json'
      else if (key === 'format' && (value === 'json' || value === 'text')) plan.format = value
      else if (key === 'options') {
        for (const option of value.split('|').filter((o) => o !== '')) {
          if (!(PLAN_OPTIONS as readonly string[]).includes(option)) throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`)
          if (!plan.options.includes(option as PlanOption)) plan.options.push(option as PlanOption)
        }
      } else if (key !== 'charset') throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`)
    }
    return plan
  }
  return null
}

/** EXPLAIN's option list for the plan: `format json, analyze, verbose`. */
export function explainOptions(plan: PlanRequest): string {
  return [`format ${plan.format}`, ...plan.options].join(', ')
}

/** The Content-Type of a plan's answer, as PostgREST names it. */
export const planContentType = (plan: PlanRequest) =>
  `application/vnd.pgrst.plan+${plan.format}; for="${plan.for}"; charset=utf-8`
