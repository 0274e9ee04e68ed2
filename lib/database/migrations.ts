/**
 * The migration history (`supabase_migrations.schema_migrations`, the Supabase CLI's table): which
 * runs are recorded, what of them, under which version and name, and how a record becomes the
 * CLI's file (`supabase/migrations/<version>_<name>.sql`). Pure: the server records
 * (server/projects/migration-record.ts), the Migrations screen downloads.
 */
import { tokenize, type SqlToken } from '@/lib/sql/lexer'
import { splitStatements } from '@/lib/sql/statements'

export const MIGRATIONS_SCHEMA = 'supabase_migrations'
export const MIGRATIONS_TABLE = 'supabase_migrations.schema_migrations'
/** Longest migration name accepted (the CLI has none; a file name must stay short). */
export const MIGRATION_NAME_MAX = 100

/** Statements that change the schema or its rights (what `supabase db diff` would write). */
const SCHEMA_WORDS = new Set(['create', 'alter', 'drop', 'comment', 'grant', 'revoke', 'import', 'security', 'reassign'])
/** Statements that only read. */
const READ_WORDS = new Set(['select', 'show', 'explain', 'table', 'values', 'fetch'])
const TX_WORDS = new Set(['begin', 'start', 'commit', 'end', 'rollback', 'abort', 'savepoint', 'release'])

const codeOf = (text: string): SqlToken[] => tokenize(text).filter((t) => t.kind !== 'comment')

function firstWord(text: string): string | null {
  const first = codeOf(text)[0]
  return first?.kind === 'word' ? first.value : null
}

/** True for BEGIN/COMMIT/ROLLBACK/SAVEPOINT and their kin: the runner's business, never recorded. */
export function isTransactionControl(text: string): boolean {
  const word = firstWord(text)
  return word !== null && TX_WORDS.has(word)
}

/** True when the statement changes the schema: CREATE/ALTER/DROP/COMMENT/GRANT/REVOKE…, or a DO block holding one. */
export function isSchemaChange(text: string): boolean {
  const code = codeOf(text)
  const first = code[0]
  if (first?.kind !== 'word') return false
  if (SCHEMA_WORDS.has(first.value)) return true
  if (first.value !== 'do') return false
  const body = code.find((t) => t.kind === 'dollar-string' || t.kind === 'string')
  if (!body) return false
  const inner = body.kind === 'dollar-string' ? body.value : body.value.slice(1, -1).replace(/''/g, "'")
  return codeOf(inner).some((t) => t.kind === 'word' && SCHEMA_WORDS.has(t.value) && t.value !== 'comment')
}

/** True when the statement only reads (SELECT, SHOW, EXPLAIN without ANALYZE is close enough). */
export function isReadStatement(text: string): boolean {
  const word = firstWord(text)
  return word !== null && READ_WORDS.has(word)
}

/**
 * Whether statements are recorded as a migration: when one changes the schema, or, for a run
 * given a name (a Database screen's action, the migrations API), when one does more than read.
 */
export function shouldRecord(statements: string[], named: boolean): boolean {
  if (statements.some(isSchemaChange)) return true
  return named && statements.some((s) => !isReadStatement(s))
}

/** The statements of a script a migration keeps: all but transaction control, in order. */
export function migrationStatements(sql: string): string[] {
  return splitStatements(sql)
    .map((s) => s.text)
    .filter((text) => !isTransactionControl(text))
}

/** `create table public.todos (…)` → `create_table_public_todos`: a name for a run none was given. */
export function defaultMigrationName(statements: string[]): string {
  const statement = statements.find(isSchemaChange) ?? statements[0]
  if (!statement) return 'migration'
  const words: string[] = []
  for (const token of codeOf(statement)) {
    if (token.kind === 'punct' && token.value === '.') continue
    if (token.kind !== 'word' && token.kind !== 'quoted-identifier') break
    if (['or', 'replace', 'if', 'not', 'exists'].includes(token.value)) continue
    words.push(token.value)
    if (words.length === 5) break
  }
  return migrationFileSlug(words.join('_')) || 'migration'
}

/** The CLI's version: the UTC time as YYYYMMDDHHMMSS. */
export function migrationVersion(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14)
}

/** A name as the part of a file name: letters, digits, `_` and `-` only. */
export function migrationFileSlug(name: string): string {
  return name
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MIGRATION_NAME_MAX)
}

/** `<version>_<name>.sql`, as `supabase migration new` names it. */
export function migrationFileName(version: string, name: string | null): string {
  return `${migrationFileSlug(version) || 'migration'}_${migrationFileSlug(name ?? '')}.sql`
}

/** A migration's file text: its statements, each ended by a semicolon, as `supabase migration fetch` writes them. */
export function migrationFileText(statements: string[]): string {
  return statements.length === 0 ? '' : `${statements.join(';\n\n')};\n`
}

/** `20240102030405` → `2024-01-02T03:04:05Z`, or null for a version that is no timestamp. */
export function versionTimestamp(version: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version)
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : null
}

/** Each migration as its CLI file, `<version>_<name>.sql` → text (a name taken twice gets a suffix). */
export function migrationFiles(migrations: { version: string; name: string | null; statements: string[] }[]): Record<string, string> {
  const files: Record<string, string> = {}
  for (const m of migrations) {
    let name = migrationFileName(m.version, m.name)
    for (let n = 2; name in files; n += 1) name = migrationFileName(m.version, `${m.name ?? ''}_${n}`)
    files[name] = migrationFileText(m.statements)
  }
  return files
}
