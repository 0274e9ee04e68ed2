/**
 * Rules of an assistant answer, as pure functions. An answer is kept as one markdown text (the
 * saved message's `content`): the streamed text as it came, and the other events of the stream
 * written into it as fenced blocks, so a saved answer shows the same as a live one:
 * - a proposed statement (`snippet`) as ```sql {"id","title"} (its id stays stable after a reload);
 * - a tool note, the tables used, what the opt-ins withheld as ```ai-note <kind>.
 * `splitAnswer` reads it back as markdown, SQL card and note segments; `toRequestMessages`
 * turns a chat into what a request may carry (notes left out, limits of lib/api-types/ai.ts).
 */
import {
  AI_CHAT_MAX_CHARS,
  AI_CHAT_MAX_MESSAGES,
  AI_MESSAGE_MAX_CHARS,
  type AiChatMessage,
  type AiStreamEvent,
  type AiTable,
} from '@/lib/api-types/ai'
import { OPT_IN_KEYS, type OptInKey } from '@/lib/catalogue/opt-in'

export type AnswerNoteKind = 'tool' | 'tables' | 'withheld'

export type AnswerSegment =
  | { kind: 'markdown'; text: string }
  /** `closed` is false while the block is still streaming. */
  | { kind: 'sql'; id: string; title: string; sql: string; closed: boolean }
  | { kind: 'note'; note: AnswerNoteKind; text: string }

const NOTE_LANG = 'ai-note'
const SQL_LANGS = new Set(['sql', 'postgresql', 'postgres', 'pgsql', 'plpgsql'])
const NOTE_KINDS = new Set<string>(['tool', 'tables', 'withheld'])

/** What each opt-in lets the model see, to name what an answer was written without. */
const WITHHELD_WHAT: Record<OptInKey, string> = {
  [OPT_IN_KEYS.aiSqlGenerator]: 'the database schema',
  [OPT_IN_KEYS.aiDataGenerator]: 'row data and query results',
  [OPT_IN_KEYS.aiLogGenerator]: 'log lines',
}

function listInWords(items: string[], last: string): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`
}

/** The notice of a `withheld` event: what the opt-ins that are off kept from the model. */
export function withheldNotice(keys: readonly OptInKey[]): string {
  const what = listInWords([...new Set(keys)].map((key) => WITHHELD_WHAT[key] ?? key), 'or')
  return `Your organization has not opted in to sending ${what} to the model, so this answer was written without it. An Owner or Admin can change this in the organization's settings.`
}

export function tablesUsedText(tables: readonly AiTable[]): string {
  return `Tables used: ${tables.map((table) => `${table.schema}.${table.name}`).join(', ')}`
}

/** A fence longer than any run of backticks in `body`, so the body cannot close it. */
function fenceFor(body: string): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((match) => match[0].length))
  return '`'.repeat(longest + 1)
}

/** Appends a fenced block on lines of its own. */
function appendBlock(content: string, info: string, body: string): string {
  const fence = fenceFor(body)
  const gap = content === '' || content.endsWith('\n\n') ? '' : content.endsWith('\n') ? '\n' : '\n\n'
  return `${content}${gap}${fence}${info}\n${body.replace(/\n+$/, '')}\n${fence}\n\n`
}

/** The answer's text after one more event of its stream (`error` and `done` add nothing). */
export function appendAnswerEvent(content: string, event: AiStreamEvent): string {
  switch (event.type) {
    case 'text':
      return content + event.delta
    case 'tool':
      return appendBlock(content, `${NOTE_LANG} tool`, event.summary)
    case 'snippet':
      return appendBlock(content, `sql ${JSON.stringify({ id: event.id, title: event.title })}`, event.sql)
    case 'tables':
      return event.tables.length ? appendBlock(content, `${NOTE_LANG} tables`, tablesUsedText(event.tables)) : content
    case 'withheld':
      return event.keys.length ? appendBlock(content, `${NOTE_LANG} withheld`, withheldNotice(event.keys)) : content
    default:
      return content
  }
}

function parseMeta(meta: string): { id?: string; title?: string } {
  if (!meta.startsWith('{')) return {}
  try {
    const value = JSON.parse(meta) as { id?: unknown; title?: unknown }
    return {
      id: typeof value.id === 'string' && value.id ? value.id : undefined,
      title: typeof value.title === 'string' && value.title ? value.title : undefined,
    }
  } catch {
    return {}
  }
}

const OPENING = /^( *)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/

/** A message's lines as runs of text and fenced blocks: each block with its fence's indent, language, meta and lines. */
type FencedPiece =
  | { kind: 'text'; lines: string[] }
  | { kind: 'fence'; indent: string; lang: string; meta: string; inner: string[]; raw: string[]; closed: boolean }

/**
 * Reads a message as runs of text and fenced blocks (``` or ~~~, closed by a fence of the same
 * character at least as long). A block never closed (still streaming) runs to the end.
 */
function readFences(content: string): FencedPiece[] {
  const pieces: FencedPiece[] = []
  const lines = content.split('\n')
  let text: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const opening = OPENING.exec(lines[i])
    if (!opening) {
      text.push(lines[i])
      continue
    }
    const [, indent, fence, lang, meta] = opening
    const closing = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`)
    let end = i + 1
    while (end < lines.length && !closing.test(lines[end])) end++
    if (text.length) pieces.push({ kind: 'text', lines: text })
    text = []
    pieces.push({ kind: 'fence', indent, lang: lang.toLowerCase(), meta: meta.trim(), inner: lines.slice(i + 1, end), raw: lines.slice(i, end + 1), closed: end < lines.length })
    i = end
  }
  if (text.length) pieces.push({ kind: 'text', lines: text })
  return pieces
}

/** Lines of text as one block without the blank lines at either end; '' when there is nothing but blanks. */
function textOf(lines: string[]): string {
  const text = lines.join('\n').replace(/^(\s*\n)+|\n\s*$/g, '')
  return text.trim() ? text : ''
}

/** A part of the user's own message: its text as typed, or one of its fenced code blocks. */
export type UserMessagePart = { kind: 'text'; text: string } | { kind: 'code'; lang: string; code: string }

/**
 * Reads a user's message as its text and its fenced code blocks (``` or ~~~, with a language or
 * none), so the code shows as code (issue 26). A block never closed runs to the end.
 */
export function splitUserMessage(content: string): UserMessagePart[] {
  return readFences(content).flatMap((piece): UserMessagePart[] => {
    if (piece.kind === 'text') {
      const text = textOf(piece.lines)
      return text ? [{ kind: 'text', text }] : []
    }
    const code = piece.inner.map((line) => (line.startsWith(piece.indent) ? line.slice(piece.indent.length) : line)).join('\n')
    return [{ kind: 'code', lang: piece.lang, code }]
  })
}

/**
 * Reads an answer back as segments: its SQL code blocks (cards; a block's id is its snippet id,
 * else `<messageId>-sql-<n>`), its notes, and the markdown around them (other code blocks
 * included). A block not closed yet (still streaming) runs to the end.
 */
export function splitAnswer(content: string, messageId: string): AnswerSegment[] {
  const segments: AnswerSegment[] = []
  let markdown: string[] = []
  let sqlCount = 0
  const flush = () => {
    const text = textOf(markdown)
    if (text) segments.push({ kind: 'markdown', text })
    markdown = []
  }
  for (const piece of readFences(content)) {
    if (piece.kind === 'text') {
      markdown.push(...piece.lines)
      continue
    }
    const body = piece.inner.map((line) => (line.startsWith(piece.indent) ? line.slice(piece.indent.length) : line.trimStart()))
    if (SQL_LANGS.has(piece.lang)) {
      flush()
      sqlCount++
      const { id, title } = parseMeta(piece.meta)
      segments.push({ kind: 'sql', id: id ?? `${messageId}-sql-${sqlCount}`, title: title ?? `SQL snippet ${sqlCount}`, sql: body.join('\n'), closed: piece.closed })
    } else if (piece.lang === NOTE_LANG && NOTE_KINDS.has(piece.meta)) {
      flush()
      segments.push({ kind: 'note', note: piece.meta as AnswerNoteKind, text: body.join('\n') })
    } else {
      markdown.push(...piece.raw)
    }
  }
  flush()
  return segments
}

/** The SQL of every code block and snippet of an answer. */
export function answerSnippets(content: string, messageId: string): string[] {
  return splitAnswer(content, messageId).flatMap((segment) => (segment.kind === 'sql' && segment.sql.trim() ? [segment.sql] : []))
}

/** An answer as the model reads it back: notes left out, snippets as plain ```sql blocks. */
function forModel(content: string): string {
  return splitAnswer(content, '')
    .flatMap((segment) => {
      if (segment.kind === 'markdown') return [segment.text.trim()]
      if (segment.kind === 'sql') return [`${fenceFor(segment.sql)}sql\n${segment.sql}\n${fenceFor(segment.sql)}`]
      return []
    })
    .join('\n\n')
}

/**
 * What a request carries of a chat: its most recent messages (at most AI_CHAT_MAX_MESSAGES, each
 * cut to AI_MESSAGE_MAX_CHARS), dropping the oldest until they fit AI_CHAT_MAX_CHARS together.
 * Empty messages are left out.
 */
export function toRequestMessages(messages: readonly AiChatMessage[]): AiChatMessage[] {
  const recent = messages
    .map((message) => ({
      role: message.role,
      content: (message.role === 'assistant' ? forModel(message.content) : message.content).trim().slice(0, AI_MESSAGE_MAX_CHARS),
    }))
    .filter((message) => message.content !== '')
    .slice(-AI_CHAT_MAX_MESSAGES)
  let total = recent.reduce((sum, message) => sum + message.content.length, 0)
  let start = 0
  while (total > AI_CHAT_MAX_CHARS && start < recent.length - 1) total -= recent[start++].content.length
  return recent.slice(start)
}
