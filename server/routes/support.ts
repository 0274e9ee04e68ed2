import { getCaller } from '../auth/caller'
import { route } from '../http/route'
import { respond } from '../http/types'
import { createSupportTicket } from '../support/tickets'
import { supportTicketBody } from '@/lib/api-types/support'

/**
 * Support tickets (spec §2 route /support/new). Sending works signed in or out (someone who
 * cannot sign in still needs to reach support); the ticket records the user when there is one.
 * In both modes the ticket is stored in the platform's own store.
 */
export const supportRoutes = [
  route({
    method: 'POST',
    path: '/platform/feedback/send',
    summary: 'Send a support ticket (signed in or not; rate-limited per sender)',
    access: { scope: 'public' },
    body: supportTicketBody,
    handler: async ({ req, db, body }) => {
      const userAgent = req.headers['user-agent']
      const ticket = await createSupportTicket(db, body, {
        caller: await getCaller(req),
        ip: req.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : undefined,
      })
      return respond(201, ticket)
    },
  }),
]
