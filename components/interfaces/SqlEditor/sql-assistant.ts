/**
 * What the SQL editor asks the assistant (issue 11): "Explain error" and "Fix with assistant" on a
 * failed run, and "Generate SQL" from a sentence; and how an answer's SQL is taken out of it.
 * Pure functions, so the words sent to the model are tested as they are.
 */
import { AI_MESSAGE_MAX_CHARS } from '@/lib/api-types/ai'
import type { SqlErrorBody } from '@/lib/api-types/sql'
import { lineColumnAt, positionToIndex } from '@/lib/sql/error-position'

/** A run that failed with a Postgres error: the error and the exact text that was run. */
export type SqlRunFailure = {
  message: string
  sqlError: Pick<SqlErrorBody, 'code' | 'position' | 'detail' | 'hint' | 'where'> | null
  /** The statement(s) sent to the database (the selection, or the whole script). */
  statement: string
}

export type SqlErrorQuestion = 'explain' | 'fix'

/** Room left in one message for the statement, after the question and the error's fields. */
const STATEMENT_MAX_CHARS = AI_MESSAGE_MAX_CHARS - 4_000

/** A code fence longer than any run of backticks inside `text`, so the text cannot close it. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  return '`'.repeat(Math.max(3, longest + 1))
}

/** `text` cut to `max` characters, saying how much was left out. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}\n… (${(text.length - max).toLocaleString('en-US')} more characters left out)`
}

/** Where the error points in the failed statement, in words; null when Postgres gave no position. */
export function describeErrorPosition(statement: string, position: number | null | undefined): string | null {
  const index = positionToIndex(statement, position)
  if (index === null || position === null || position === undefined) return null
  const { line, column } = lineColumnAt(statement, index)
  return `line ${line}, column ${column} of the statement (character ${Math.floor(position)})`
}

function errorLines({ message, sqlError, statement }: SqlRunFailure): string[] {
  const lines = [sqlError ? `Error: ERROR ${sqlError.code}: ${message}` : `Error: ${message}`]
  if (sqlError?.detail) lines.push(`Detail: ${sqlError.detail}`)
  if (sqlError?.hint) lines.push(`Hint: ${sqlError.hint}`)
  if (sqlError?.where) lines.push(`Context: ${sqlError.where}`)
  const where = describeErrorPosition(statement, sqlError?.position)
  if (where) lines.push(`Position: ${where}`)
  return lines
}

const QUESTIONS: Record<SqlErrorQuestion, { opening: string; closing: string }> = {
  explain: {
    opening: 'My SQL statement failed on Postgres. Explain in plain words what this error means and what in the statement causes it.',
    closing: 'Say how I could fix it, but do not rewrite the whole statement unless that is needed to explain.',
  },
  fix: {
    opening: 'My SQL statement failed on Postgres. Fix it so that it runs without this error.',
    closing: 'Answer with the corrected statement in one ```sql block, then say in one or two sentences what you changed.',
  },
}

/** The question "Explain error" or "Fix with assistant" puts to the assistant about a failed run. */
export function sqlErrorPrompt(question: SqlErrorQuestion, failure: SqlRunFailure): string {
  const { opening, closing } = QUESTIONS[question]
  const statement = clip(failure.statement.trim(), STATEMENT_MAX_CHARS)
  const fence = fenceFor(statement)
  return [opening, '', ...errorLines(failure), '', 'The statement that failed:', `${fence}sql`, statement, fence, '', closing].join('\n')
}

/** The one message "Generate SQL" sends for a sentence describing the query. */
export function generateSqlPrompt(description: string): string {
  return [
    'Write one Postgres SQL statement for this request, using the tables of my database:',
    '',
    description.trim(),
    '',
    'Answer only with the SQL, in a single ```sql block, with no explanation before or after it.',
  ].join('\n')
}

/**
 * The SQL of an answer: its first ```sql block (or first unlabelled block), else the whole text when
 * it is SQL (looksLikeSql); '' when the answer holds none, so nothing reaches the editor.
 */
export function sqlOfAnswer(answer: string): string {
  const blocks = [...answer.matchAll(/(`{3,})[ \t]*([\w-]*)[^\n]*\n([\s\S]*?)\n?\1/g)]
  const sql = blocks.find((block) => /^(sql|pgsql|postgres(ql)?|psql)$/i.test(block[2])) ?? blocks.find((block) => block[2] === '')
  if (sql) return sql[3].trim()
  return looksLikeSql(answer) ? answer.trim() : ''
}

/** The words a statement of Postgres begins with. */
const STATEMENT_START =
  /^(select|with|insert|update|delete|merge|create|alter|drop|truncate|grant|revoke|comment|explain|values|table|begin|do|call|set|show|vacuum|analyze|refresh|copy|notify|listen|lock|reindex|cluster)\b/i

/**
 * Whether an answer with no code block is SQL rather than prose: it begins as a statement does,
 * and outside its quoted text and comments no sentence ends (a full stop, ! or ? before a space
 * or the end). "Select the rows you need." is prose; `select u.name from public.users;` is SQL.
 */
export function looksLikeSql(answer: string): boolean {
  const text = answer.trim()
  if (!STATEMENT_START.test(text)) return false
  const bare = text
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
  return !/[.!?](\s|$)/.test(bare)
}

/** The editor's text with `sql` added at its end, on a line of its own after a blank line. */
export function appendSql(text: string, sql: string): string {
  if (text.trim() === '') return sql
  const separator = text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n'
  return `${text}${separator}${sql}`
}
