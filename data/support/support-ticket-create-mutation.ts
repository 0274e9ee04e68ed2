import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { SupportTicketCreated, SupportTicketRequest } from '@/lib/api-types/support'

export type SupportTicketCreateVariables = SupportTicketRequest

/** Optional text fields are left out when blank: the platform rejects nothing it does not know. */
function omitBlank(vars: SupportTicketCreateVariables): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(vars).filter(([, value]) => !(value === undefined || (typeof value === 'string' && value.trim() === '')))
  )
}

/** POST /platform/feedback/send: stores a support ticket and answers its id (spec §2 /support/new). */
export async function createSupportTicket(vars: SupportTicketCreateVariables, signal?: AbortSignal): Promise<SupportTicketCreated> {
  if (!vars.subject.trim()) throw new Error('Subject is required')
  if (!vars.message.trim()) throw new Error('Message is required')
  return post<SupportTicketCreated>('/platform/feedback/send', omitBlank(vars), { signal })
}

/** Sends a support ticket; without an `onError`, a failure shows a toast (STYLE §4). */
export function useSupportTicketCreateMutation(options: MutationOptions<SupportTicketCreated, SupportTicketCreateVariables> = {}) {
  // Not `mutationFn: createSupportTicket`: the mutation's context must not arrive as the signal.
  return useDataMutation({ mutationFn: (vars: SupportTicketCreateVariables) => createSupportTicket(vars), what: 'send support request' }, options)
}
