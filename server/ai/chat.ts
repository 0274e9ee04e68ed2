/**
 * One answer of the assistant: the chat's recent messages go to the configured model with the
 * tools the opt-ins allow; what it streams back becomes the panel's events (lib/api-types/ai.ts).
 * Nothing of the chat is kept or logged: it lives in the request and in the user's browser.
 */
import { stepCountIs, streamText } from 'ai'
import { randomUUID } from 'node:crypto'
import type { AiChatMessage, AiStatus, AiStreamEvent } from '@/lib/api-types/ai'
import { AI_SETUP_README_SECTION } from '@/lib/api-types/ai'
import { OPT_IN_KEY_LIST, OPT_IN_KEYS, type OptInKey } from '@/lib/catalogue/opt-in'
import { getServerConfig } from '@/lib/config'
import type { OrganizationRow, ProjectRow } from '../access'
import { consumeRateLimit } from '../auth/rate-limit'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { ApiError } from '../http/errors'
import { requireServing } from '../projects/status'
import { effectiveOptIns } from '../organizations/serialize'
import { describeProviderError } from './errors'
import { configuredModel } from './provider'
import { projectSuggestions } from './suggestions'
import { assistantTools } from './tools'

/** Rounds of tool calls one answer may take before it must answer. */
const MAX_STEPS = 6

export type ChatTarget = { db: Db; caller: Caller; org: OrganizationRow; project: ProjectRow }

/** The opt-ins in force, as a set. */
export function optInsOf(org: OrganizationRow): Set<OptInKey> {
  return new Set(effectiveOptIns(org))
}

export const NOT_CONFIGURED_MESSAGE = `No model is configured for the assistant: the operator sets AI_BASE_URL and AI_MODEL (and AI_API_KEY where the provider needs one). See the README, section “${AI_SETUP_README_SECTION}”.`

const WITHHELD_WORDS: Record<OptInKey, string> = {
  AI_SQL_GENERATOR_OPT_IN: 'the database schema',
  AI_DATA_GENERATOR_OPT_IN: 'query results (row data)',
  AI_LOG_GENERATOR_OPT_IN: 'log lines',
}

function systemPrompt(project: ProjectRow, off: OptInKey[]): string {
  return [
    `You are the assistant of a Postgres dashboard, helping with the project "${project.name}" (its database is Postgres).`,
    'Answer in concise markdown. Put every SQL statement in a ```sql code block.',
    'Use get_schema to learn the tables before writing SQL about them, and run_sql for read-only queries when real data answers the question.',
    'Never say that a statement which changes data or schema has run: the user runs such statements themselves from the SQL card.',
    off.length
      ? `The organization has not opted in to sending ${off.map((k) => WITHHELD_WORDS[k]).join(', ')} to you: you cannot see them. Say so when it limits your answer.`
      : '',
  ]
    .filter(Boolean)
    .join('\n')
}

/** GET .../ai/status: configured or not, the opt-ins, quick prompts from the project's tables. */
export async function assistantStatus(target: ChatTarget): Promise<AiStatus> {
  const { ai } = getServerConfig()
  const configured = Boolean(ai.baseUrl && ai.model)
  const optIn = optInsOf(target.org)
  return {
    configured,
    model: configured ? ai.model : null,
    opt_in: OPT_IN_KEY_LIST.filter((k) => optIn.has(k)),
    suggestions: await projectSuggestions(target.project, optIn.has(OPT_IN_KEYS.aiSqlGenerator)),
  }
}

/**
 * Checks what must hold before an answer starts streaming (errors here are plain 4xx/5xx JSON):
 * a model is configured, the database serves, the user is under the rate limit.
 */
export async function startAnswer(target: ChatTarget): Promise<void> {
  const { ai } = getServerConfig()
  if (!configuredModel(ai)) throw new ApiError(503, NOT_CONFIGURED_MESSAGE)
  requireServing(target.project)
  await consumeRateLimit(target.db, [
    {
      key: `ai-chat:user:${target.caller.userId}`,
      rule: { max: ai.requestsPerMinute, windowSeconds: 60 },
      message: `Too many assistant requests: at most ${ai.requestsPerMinute} a minute.`,
    },
  ])
}

/** The events of one answer; stops (and stops the provider) when `signal` aborts. */
export async function* answer(target: ChatTarget, messages: AiChatMessage[], signal: AbortSignal): AsyncGenerator<AiStreamEvent> {
  const config = getServerConfig()
  const model = configuredModel(config.ai)
  if (!model) {
    yield { type: 'error', message: NOT_CONFIGURED_MESSAGE }
    return
  }
  const optIn = optInsOf(target.org)
  const off = OPT_IN_KEY_LIST.filter((k) => !optIn.has(k))
  if (off.length) yield { type: 'withheld', keys: off }

  const controller = new AbortController()
  const stop = () => controller.abort(signal.reason)
  if (signal.aborted) stop()
  else signal.addEventListener('abort', stop, { once: true })

  // The provider must start answering, and keep answering, within the timeout; time spent in
  // our own tools (a query, a log search) does not count against it.
  let timedOut = false
  let timer: NodeJS.Timeout | undefined
  let toolsRunning = 0
  const watch = () => {
    clearTimeout(timer)
    if (toolsRunning > 0) return
    timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error('The model did not answer in time'))
    }, config.ai.timeoutMs)
  }

  const pending: AiStreamEvent[] = []
  const tools = assistantTools({
    db: target.db,
    org: target.org,
    project: target.project,
    selfHosted: !config.isPlatform,
    optIn,
    signal: controller.signal,
    emit: (event) => pending.push(event),
    newId: randomUUID,
  })

  let failure: unknown = null
  let started = false
  try {
    watch()
    const result = streamText({
      model,
      system: systemPrompt(target.project, off),
      messages,
      tools,
      stopWhen: stepCountIs(MAX_STEPS),
      maxRetries: 0,
      abortSignal: controller.signal,
      onError: ({ error }) => {
        failure ??= error
      },
    })
    for await (const part of result.fullStream) {
      if (part.type === 'tool-call') toolsRunning++
      if (part.type === 'tool-result' || part.type === 'tool-error') toolsRunning = Math.max(0, toolsRunning - 1)
      watch()
      if (part.type === 'text-delta' || part.type === 'tool-input-start') started = true
      yield* pending.splice(0)
      if (part.type === 'text-delta' && part.text) yield { type: 'text', delta: part.text }
      else if (part.type === 'tool-error') {
        yield { type: 'tool', name: part.toolName as 'run_sql', ok: false, summary: `A tool failed: ${errorText(part.error)}` }
      } else if (part.type === 'error') failure ??= part.error
    }
    yield* pending.splice(0)
  } catch (error) {
    failure ??= error
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', stop)
  }
  if (signal.aborted) return // the user stopped it, or left: nobody is listening
  if (failure || timedOut) {
    yield { type: 'error', message: describeProviderError(failure, config.ai, timedOut, started) }
    return
  }
  yield { type: 'done' }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown error'
}
