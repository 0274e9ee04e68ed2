import { getStore } from '../db/store'
import { notFound } from '../http/errors'
import { decodeUtf8Body } from '../http/validate'
import { defaultBodyContentType, METHODS_WITHOUT_BODY } from '@/lib/functions/rules'
import { internalProjectApiEndpoint } from '../projects/api-endpoint'
import { currentSigningKey, signedApiKeys } from '../projects/api-keys'
import { verifyJwt } from './gateway'
import { findServing, forgetServing, GatewayError, runInvocation } from './invoke'
import type { InvokeFunctionInput, InvokeFunctionResponse } from '@/lib/api-types/functions'
import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http'

/**
 * The dashboard's test call of a function (its Test panel): made here, with the chosen role's key
 * as `Authorization` (or none), so no key reaches the browser; answered with what an app would
 * have got, the gateway's and runtime's refusals included, and how long it took.
 */
/** Headers that say where the request came in: the dashboard's own, never the test's. */
const FORWARDING = new Set(['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'forwarded'])

export async function invokeFromDashboard(ref: string, slug: string, input: InvokeFunctionInput, requestHeaders: IncomingHttpHeaders, signal?: AbortSignal): Promise<InvokeFunctionResponse> {
  await forgetServing(ref, slug) // the version the dashboard just deployed or rolled back to
  let row
  try {
    row = await findServing(ref, slug)
  } catch (error) {
    if (error instanceof GatewayError) throw notFound(`Function "${slug}" not found in this project`)
    throw error
  }
  const headers: IncomingHttpHeaders = { host: requestHeaders.host, 'x-forwarded-host': requestHeaders['x-forwarded-host'], 'x-forwarded-proto': requestHeaders['x-forwarded-proto'] }
  for (const [name, value] of Object.entries(input.headers)) if (!FORWARDING.has(name.toLowerCase())) headers[name.toLowerCase()] = value
  if (input.role !== 'none') {
    const signing = await currentSigningKey(await getStore(), ref)
    if (!signing) throw notFound(`Project ${ref} not found`)
    const key = (await signedApiKeys(signing))[input.role]
    headers.authorization = `Bearer ${key}`
    headers.apikey = key
  }
  const body = METHODS_WITHOUT_BODY.includes(input.method) ? null : Buffer.from(input.body, 'utf8')
  if (body && !headers['content-type'] && input.body !== '') headers['content-type'] = defaultBodyContentType(input.body)
  const at = input.path.indexOf('?')
  const subpath = at < 0 ? input.path : input.path.slice(0, at)
  const search = at < 0 ? '' : input.path.slice(at)
  const started = performance.now()
  try {
    if (row.verify_jwt) await verifyJwt(ref, headers.authorization as string | undefined)
    const answer = await runInvocation({ ref, row, method: input.method, subpath, search, headers, apiUrl: internalProjectApiEndpoint(ref), body, signal })
    const text = decodeText(answer.body)
    return {
      status: answer.status,
      status_text: answer.statusText || STATUS_CODES[answer.status] || '',
      headers: answer.headers,
      body: text ?? answer.body.toString('base64'),
      body_encoding: text === null ? 'base64' : 'text',
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    return {
      status: error.status,
      status_text: STATUS_CODES[error.status] ?? '',
      headers: [['content-type', 'application/json']],
      body: JSON.stringify({ code: error.code, message: error.message }),
      body_encoding: 'text',
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
    }
  }
}

/** The body as text when it is valid UTF-8 without control bytes other than whitespace; else null. */
function decodeText(body: Buffer): string | null {
  let text: string
  try {
    text = decodeUtf8Body(body)
  } catch {
    return null
  }
  return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : text
}
