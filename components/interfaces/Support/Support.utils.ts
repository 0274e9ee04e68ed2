/**
 * Pure rules of the support form (spec §2 route /support/new, §3 support ticket categories).
 */
import {
  DEFAULT_SUPPORT_CATEGORY,
  isSupportCategory,
  type SupportCategory,
} from '@/lib/catalogue/support-categories'
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '@/lib/constants'

// The platform's limits for a ticket (server/routes/support.ts checks the same).
export { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH }

/** An error report id as the error screen passes it (`sid`); anything else is dropped. */
const REPORT_ID = /^[\w-]{1,100}$/

export type SupportFormValues = {
  category: SupportCategory | ''
  subject: string
  message: string
  projectRef: string
  organizationSlug: string
  allowSupportAccess: boolean
  /** The error report id (`sid`), carried along but not editable. */
  errorReportId: string
}

export type SupportFormErrors = Partial<Record<'category' | 'subject' | 'message', string>>

export type SupportQuery = Record<string, string | string[] | undefined>

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

/**
 * The form's starting values from the page query: `category` (when known, else the default),
 * `sid`, `subject`, `message` (spec §2), and `projectRef` / `orgSlug` when a page links here.
 */
export function supportFormValuesFromQuery(query: SupportQuery): SupportFormValues {
  const category = first(query.category)
  const sid = first(query.sid).trim()
  return {
    category: isSupportCategory(category) ? category : DEFAULT_SUPPORT_CATEGORY,
    subject: first(query.subject),
    message: first(query.message),
    projectRef: first(query.projectRef),
    organizationSlug: first(query.orgSlug),
    allowSupportAccess: false,
    errorReportId: REPORT_ID.test(sid) ? sid : '',
  }
}

/** Field errors of the form; empty when it may be sent. */
export function validateSupportForm(values: SupportFormValues): SupportFormErrors {
  const errors: SupportFormErrors = {}
  if (!isSupportCategory(values.category)) errors.category = 'Please choose a category'
  const subject = values.subject.trim()
  if (!subject) errors.subject = 'Please enter a subject'
  else if (subject.length > SUPPORT_SUBJECT_MAX_LENGTH)
    errors.subject = `Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`
  const message = values.message.trim()
  if (!message) errors.message = 'Please describe your issue'
  else if (message.length > SUPPORT_MESSAGE_MAX_LENGTH)
    errors.message = `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`
  return errors
}
