/** A function's files while edited in the dashboard: naming rules and the deploy body. Pure. */
import type { DeployFunctionBody, FunctionFile } from '@/lib/api-types/functions'
import { FUNCTION_ENTRYPOINT, FUNCTION_FILE_PATTERN, FUNCTION_MAX_FILES } from '@/lib/functions/rules'

/** index.ts first, then the others by name. */
export function sortFiles(files: readonly FunctionFile[]): FunctionFile[] {
  return [...files].sort((a, b) => (a.name === FUNCTION_ENTRYPOINT ? -1 : b.name === FUNCTION_ENTRYPOINT ? 1 : a.name.localeCompare(b.name)))
}

/** The files of a function as served, index.ts always there. */
export function withEntrypoint(files: readonly FunctionFile[]): FunctionFile[] {
  return sortFiles(files.some((f) => f.name === FUNCTION_ENTRYPOINT) ? files : [{ name: FUNCTION_ENTRYPOINT, content: '' }, ...files])
}

/** Why `name` cannot be a new (or renamed) file among `files`, or null. `current` is the file being renamed. */
export function fileNameProblem(name: string, files: readonly FunctionFile[], current?: string): string | null {
  if (name === '') return 'Enter a file name'
  if (!FUNCTION_FILE_PATTERN.test(name)) return 'Use a relative path ending in .ts, .tsx, .js, .jsx, .mjs, .mts or .json, without ..'
  if (name !== current && files.some((f) => f.name === name)) return `${name} already exists`
  if (current === undefined && files.length >= FUNCTION_MAX_FILES) return `A function has at most ${FUNCTION_MAX_FILES} files`
  return null
}

/** True when the edited files differ from the served ones (content, names, or count). */
export function filesChanged(edited: readonly FunctionFile[], served: readonly FunctionFile[]): boolean {
  if (edited.length !== served.length) return true
  const byName = new Map(served.map((f) => [f.name, f.content]))
  return edited.some((f) => byName.get(f.name) !== f.content)
}

/** The deploy request of edited files: index.ts as `body`, the rest as `files`. */
export function deployBody(slug: string, name: string, verifyJwt: boolean, files: readonly FunctionFile[]): DeployFunctionBody {
  const entry = files.find((f) => f.name === FUNCTION_ENTRYPOINT)
  const rest = files.filter((f) => f.name !== FUNCTION_ENTRYPOINT).map((f) => ({ name: f.name, content: f.content }))
  return { slug, name, verify_jwt: verifyJwt, body: entry?.content ?? '', ...(rest.length > 0 ? { files: rest } : {}) }
}
