/**
 * spec §3 custom content "logs default query": the search the logs screen opens with. A deployment
 * sets it to a string, or to an object with a `search` (or `query`) string; anything else is ignored.
 */
export function logsDefaultSearch(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    for (const key of ['search', 'query']) {
      if (typeof record[key] === 'string') return (record[key] as string).trim()
    }
  }
  return ''
}
