/**
 * The assistant's wire contract: what the panel sends to `POST /platform/projects/{ref}/ai/chat`,
 * the server-sent events it streams back, and `GET /platform/projects/{ref}/ai/status`. No zod
 * here, so the browser may import the limits; the server's schema is in ai-chat-body.ts.
 */
import type { OptInKey } from '@/lib/catalogue/opt-in'

/** Messages of a chat a request may carry (the chat's most recent ones; spec §9 keeps 20). */
export const AI_CHAT_MAX_MESSAGES = 20
/** Characters of one message. */
export const AI_MESSAGE_MAX_CHARS = 16_000
/** Characters of all the messages of one request together (the context cap). */
export const AI_CHAT_MAX_CHARS = 48_000

/** One message of a chat as the request carries it. */
export type AiChatMessage = { role: 'user' | 'assistant'; content: string }

/** Body of `POST /platform/projects/{ref}/ai/chat` (validated by `aiChatBody` in ai-chat-body.ts). */
export type AiChatBody = { messages: AiChatMessage[] }

/** A table the assistant read the description of (spec §3 `tables`). */
export type AiTable = { schema: string; name: string }

/** What the assistant's tools did, shown in the answer as one line each. */
export type AiToolName = 'get_schema' | 'run_sql' | 'search_logs'

/**
 * One server-sent event of an answer (`data: <json>\n\n`, `text/event-stream`), in order:
 * - `text`: the next piece of the answer (markdown);
 * - `tool`: a tool the model called, and what came of it (`summary`, one line for people);
 * - `snippet`: a statement the assistant proposes and did not run (it writes, or it was asked
 *   for): shown as a SQL card the user may insert into the editor or run;
 * - `tables`: the tables whose descriptions the model read;
 * - `withheld`: opt-ins that are off and kept something from the model for this answer;
 * - `error`: the answer failed (provider refused, timed out, broke its stream); the text so far stays;
 * - `done`: the answer is complete.
 */
export type AiStreamEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool'; name: AiToolName; summary: string; ok: boolean }
  | { type: 'snippet'; id: string; title: string; sql: string }
  | { type: 'tables'; tables: AiTable[] }
  | { type: 'withheld'; keys: OptInKey[] }
  | { type: 'error'; message: string }
  | { type: 'done' }

/** `GET /platform/projects/{ref}/ai/status`: whether a model answers and what it may see. */
export type AiStatus = {
  /** A model is configured (AI_BASE_URL and AI_MODEL). */
  configured: boolean
  /** The model's name, when configured. */
  model: string | null
  /** The opt-ins in force for this project (its organization's, or AI_OPT_IN self-hosted). */
  opt_in: OptInKey[]
  /** Quick prompts for a new chat, from the project's own tables (spec §3 `suggestions`). */
  suggestions: { title: string; prompts: string[] }
}

/** The README section that explains the settings, named by the unconfigured panel. */
export const AI_SETUP_README_SECTION = 'The assistant'
