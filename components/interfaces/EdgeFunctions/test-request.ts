/** The test panel's request and how its answer shows: pure, so both are unit-tested. */
import type { InvokeFunctionBody, InvokeFunctionResponse } from '@/lib/api-types/functions'
import { defaultBodyContentType, HEADER_NAME_PATTERN, INVOKE_METHODS, INVOKE_ROLES, isJsonText, METHODS_WITHOUT_BODY } from '@/lib/functions/rules'

export type HeaderRow = { id: number; name: string; value: string }
export type TestRequestForm = {
  method: NonNullable<InvokeFunctionBody['method']>
  path: string
  headers: HeaderRow[]
  body: string
  role: NonNullable<InvokeFunctionBody['role']>
}

export { METHODS_WITHOUT_BODY }

/** The request to send, or the problem that stops it (a bad header name, a path without / or ?). */
export function buildInvokeRequest(form: TestRequestForm): { request: InvokeFunctionBody } | { problem: string } {
  const path = form.path.trim()
  if (path !== '' && !path.startsWith('/') && !path.startsWith('?')) return { problem: 'The path must be empty or start with / or ?' }
  const headers: Record<string, string> = {}
  for (const row of form.headers) {
    const name = row.name.trim()
    if (name === '' && row.value === '') continue
    if (!HEADER_NAME_PATTERN.test(name)) return { problem: `"${name || '(empty)'}" is not a header name` }
    if (name.toLowerCase() === 'authorization') return { problem: 'Authorization comes from the role: pick it under "Role"' }
    headers[name] = row.value
  }
  const body = METHODS_WITHOUT_BODY.includes(form.method) ? '' : form.body
  if (body !== '' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = defaultBodyContentType(body)
  }
  return { request: { method: form.method, path, headers, body, role: form.role } }
}

/** The answer's body as shown: pretty JSON when it is JSON, the text otherwise, a note for binary. */
export function displayBody(response: InvokeFunctionResponse): { text: string; json: boolean } {
  if (response.body_encoding === 'base64') return { text: `(binary body, ${Math.floor((response.body.length * 3) / 4)} bytes)`, json: false }
  const type = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
  if (type.includes('json') || isJsonText(response.body)) {
    try {
      return { text: JSON.stringify(JSON.parse(response.body), null, 2), json: true }
    } catch {
      // Declared JSON but is not: shown as it came.
    }
  }
  return { text: response.body, json: false }
}

/** The methods and roles the invoke route takes (lib/functions/rules.ts, which its schema uses too). */
export const TEST_METHODS: readonly TestRequestForm['method'][] = INVOKE_METHODS
export const TEST_ROLES: readonly TestRequestForm['role'][] = INVOKE_ROLES

/** "200 OK": the status with its text (the platform fills in the standard phrase when the function sent none). */
export function statusLine(response: Pick<InvokeFunctionResponse, 'status' | 'status_text'>): string {
  const text = response.status_text.trim()
  return text ? `${response.status} ${text}` : String(response.status)
}
