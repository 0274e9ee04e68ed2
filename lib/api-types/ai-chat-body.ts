/** The request schema of the assistant's chat endpoint (server-side; the browser uses the types in ai.ts). */
import { z } from 'zod'
import { AI_CHAT_MAX_CHARS, AI_CHAT_MAX_MESSAGES, AI_MESSAGE_MAX_CHARS, type AiChatBody } from './ai'

const message = z.strictObject({
  role: z.enum(['user', 'assistant'], 'must be user or assistant'),
  content: z.string().max(AI_MESSAGE_MAX_CHARS, `must be at most ${AI_MESSAGE_MAX_CHARS} characters`),
})

/** Body of `POST /platform/projects/{ref}/ai/chat`: the chat's recent messages, the last one the user's. */
export const aiChatBody = z
  .strictObject({
    messages: z
      .array(message)
      .min(1, 'must hold at least one message')
      .max(AI_CHAT_MAX_MESSAGES, `must hold at most ${AI_CHAT_MAX_MESSAGES} messages (send the most recent ones)`),
  })
  .refine((body) => body.messages.at(-1)?.role === 'user', { message: 'the last message must be the user’s', path: ['messages'] })
  .refine((body) => body.messages.reduce((n, m) => n + m.content.length, 0) <= AI_CHAT_MAX_CHARS, {
    message: `must hold at most ${AI_CHAT_MAX_CHARS} characters in all (send fewer messages)`,
    path: ['messages'],
  }) satisfies z.ZodType<AiChatBody>

