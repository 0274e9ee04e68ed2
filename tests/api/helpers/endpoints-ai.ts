import { expect } from 'vitest'
import { allowedInA, type EndpointEntry } from './endpoints'

/**
 * The assistant's endpoints, walked by the authorization and bad-input suites. The walk's
 * platform has no model configured, so a member's chat is answered 503 (no model) after the
 * router let it through; tests/api/ai.test.ts asks a real (fake) model.
 */
export const AI_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/ai/status',
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res) => expect(res.body).toMatchObject({ configured: false, model: null }),
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/ai/chat',
    mode: 'read',
    takesBody: true,
    required: ['messages'],
    prepare: (w) => ({ params: { ref: w.projectA }, body: { messages: [{ role: 'user', content: 'How many rows are in public.todos?' }] } }),
    expect: (actor) => (allowedInA(actor, 'Read-only') ? 503 : undefined),
    check: (res) => expect(res.body.message).toMatch(/No model is configured/),
  },
]
