import { aiChatBody } from '@/lib/api-types/ai-chat-body'
import { answer, assistantStatus, startAnswer } from '../ai/chat'
import { route } from '../http/route'
import { respondEvents } from '../http/types'
import { refParams } from '../projects/schemas'

/**
 * The assistant of a project. Any member may ask: its tools run with read-only rights whatever
 * the member's role, and send the model only what the organization opted in to.
 */
const access = { scope: 'project', minimum: 'Read-only' } as const

export const aiRoutes = [
  route({
    method: 'GET',
    path: '/platform/projects/:ref/ai/status',
    summary: 'Whether the assistant has a model, its opt-ins and quick prompts',
    access,
    params: refParams,
    handler: async ({ db, caller, org, project }) => assistantStatus({ db, caller, org, project }),
  }),
  route({
    method: 'POST',
    path: '/platform/projects/:ref/ai/chat',
    summary: "Ask the assistant; the answer streams back as server-sent events",
    access,
    params: refParams,
    body: aiChatBody,
    maxBodyBytes: 256 * 1024,
    handler: async ({ req, db, caller, org, project, body }) => {
      const target = { db, caller, org, project }
      await startAnswer(target)
      return respondEvents(answer(target, body.messages, req.signal))
    },
  }),
]
