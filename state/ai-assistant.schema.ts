/**
 * spec §4: the shape a project's saved assistant state must have. Apart from the rules so that
 * the validator (zod/mini) loads only when a saved state is read, not with every project page.
 */
import * as z from 'zod/mini'

const timestamp = z.iso.datetime({ offset: true })

const messageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: timestamp,
  results: z.record(z.string(), z.array(z.unknown())),
})

const chatSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  messages: z.array(messageSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
})

/** The shape written to storage; anything else found there is malformed. */
export const savedStateSchema = z.object({
  projectRef: z.string().check(z.minLength(1)),
  open: z.boolean(),
  activeChatId: z.nullable(z.string()),
  initialInput: z.string(),
  sqlSnippets: z.array(z.string()),
  suggestions: z.nullable(z.object({ title: z.string(), prompts: z.array(z.string()) })),
  tables: z.array(z.object({ schema: z.string(), name: z.string() })),
  chats: z.record(z.string(), chatSchema).check(
    z.refine((chats) => Object.entries(chats).every(([key, chat]) => key === chat.id), {
      message: 'Chats must be keyed by their id',
    })
  ),
})

export type AssistantMessage = z.infer<typeof messageSchema>
export type AssistantChat = z.infer<typeof chatSchema>
/** spec §3: the assistant state of one project. */
export type AiAssistantData = z.infer<typeof savedStateSchema>

/**
 * spec §4: validates a saved state. Returns null when there is none or it is malformed (the
 * caller discards it), or when it belongs to another project.
 */
export function parseSavedState(raw: unknown, projectRef: string): AiAssistantData | null {
  if (raw === undefined || raw === null) return null
  const parsed = savedStateSchema.safeParse(raw)
  if (!parsed.success || parsed.data.projectRef !== projectRef) return null
  return parsed.data
}
