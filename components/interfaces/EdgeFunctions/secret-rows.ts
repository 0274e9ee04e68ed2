/** The rows of the add-secrets form and their problems. Pure. */
import { FUNCTION_MAX_SECRETS, FUNCTION_SECRET_VALUE_MAX_BYTES, secretNameProblem } from '@/lib/functions/rules'

export type SecretRow = { id: number; name: string; value: string }
export type SecretRowProblems = { name?: string; value?: string }

/** Each row's problems (by row id) and one for the whole form; blank rows are left out. */
export function secretRowsProblems(rows: readonly SecretRow[], existingCount: number): { rows: Record<number, SecretRowProblems>; form: string | null } {
  const filled = rows.filter((r) => r.name.trim() !== '' || r.value !== '')
  const problems: Record<number, SecretRowProblems> = {}
  const seen = new Set<string>()
  for (const row of filled) {
    const name = row.name.trim()
    const p: SecretRowProblems = {}
    const nameProblem = name === '' ? 'Enter a name' : secretNameProblem(name)
    if (nameProblem) p.name = name === '' ? nameProblem : `The name ${nameProblem}`
    else if (seen.has(name)) p.name = `${name} is named twice`
    seen.add(name)
    if (row.value === '') p.value = 'Enter a value'
    else if (new TextEncoder().encode(row.value).length > FUNCTION_SECRET_VALUE_MAX_BYTES) p.value = `A value is at most ${FUNCTION_SECRET_VALUE_MAX_BYTES / 1024} KiB`
    if (p.name || p.value) problems[row.id] = p
  }
  let form: string | null = null
  if (filled.length === 0) form = 'Enter at least one secret'
  else if (existingCount + filled.length > FUNCTION_MAX_SECRETS) form = `A project has at most ${FUNCTION_MAX_SECRETS} secrets`
  return { rows: problems, form }
}

/** The request body of the filled rows. */
export function secretsBody(rows: readonly SecretRow[]): { name: string; value: string }[] {
  return rows.filter((r) => r.name.trim() !== '' || r.value !== '').map((r) => ({ name: r.name.trim(), value: r.value }))
}
