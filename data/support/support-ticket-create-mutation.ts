import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { post, type ResponseError } from '@/data/fetchers'
import type { SupportCategory } from '@/lib/catalogue/support-categories'
import { defaultMutationErrorToast } from '@/data/mutation'

export type SupportTicketCreateVariables = {
  category: SupportCategory
  subject: string
  message: string
  /** The error report id (`sid` of /support/new). */
  errorReportId?: string
  projectRef?: string
  organizationSlug?: string
  allowSupportAccess: boolean
}

export type SupportTicketCreateData = { id: string }
export type SupportTicketCreateError = ResponseError

/** Optional text fields are left out when blank: the platform rejects nothing it does not know. */
function omitBlank(vars: SupportTicketCreateVariables): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(vars).filter(([, value]) => !(value === undefined || (typeof value === 'string' && value.trim() === '')))
  )
}

/** POST /platform/feedback/send: stores a support ticket and answers its id (spec §2 /support/new). */
export async function createSupportTicket(
  vars: SupportTicketCreateVariables,
  signal?: AbortSignal
): Promise<SupportTicketCreateData> {
  if (!vars.subject.trim()) throw new Error('Subject is required')
  if (!vars.message.trim()) throw new Error('Message is required')
  return post<SupportTicketCreateData>('/platform/feedback/send', omitBlank(vars), { signal })
}

type Options = Omit<
  UseMutationOptions<SupportTicketCreateData, SupportTicketCreateError, SupportTicketCreateVariables>,
  'mutationFn'
>

/** Sends a support ticket; without an `onError`, a failure shows a toast (STYLE §4). */
export function useSupportTicketCreateMutation({ onError, ...options }: Options = {}) {
  return useMutation<SupportTicketCreateData, SupportTicketCreateError, SupportTicketCreateVariables>({
    mutationFn: (vars) => createSupportTicket(vars),
    onError: (error, variables, result, context) => {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('send support request', error)
    },
    ...options,
  })
}
