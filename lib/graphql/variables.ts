/** The explorer's variables box: empty, or a JSON object. */
export type ParsedVariables = { ok: true; value: Record<string, unknown> | null } | { ok: false; message: string }

export function parseVariables(text: string): ParsedVariables {
  if (text.trim() === '') return { ok: true, value: null }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, message: `Variables are not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'Variables must be a JSON object, e.g. { "id": 1 }' }
  return { ok: true, value: value as Record<string, unknown> }
}

/** True when the operation is a mutation (its first keyword, comments skipped). */
export function isMutation(query: string): boolean {
  return /^mutation\b/.test(query.replace(/#[^\n]*/g, '').trim())
}
