/** Body and answer of `POST /platform/feedback/send` (spec §2 route /support/new). */
import { z } from 'zod'
import { SUPPORT_CATEGORIES } from '@/lib/catalogue/support-categories'
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '@/lib/constants'

const CATEGORY_VALUES = Object.values(SUPPORT_CATEGORIES)

const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined))

/** Body of POST /platform/feedback/send; unknown fields are rejected. */
export const supportTicketBody = z.strictObject({
  category: z.enum(SUPPORT_CATEGORIES, { error: `must be one of ${CATEGORY_VALUES.join(', ')}` }),
  subject: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(SUPPORT_SUBJECT_MAX_LENGTH, `must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`),
  message: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(SUPPORT_MESSAGE_MAX_LENGTH, `must be at most ${SUPPORT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`),
  /** The error report id (`sid` of /support/new). */
  errorReportId: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .regex(/^[\w-]*$/, 'may hold only letters, digits, "-" and "_"')
    .optional()
    .transform((value) => (value ? value : undefined)),
  projectRef: optionalName(64),
  organizationSlug: optionalName(64),
  /** The user lets support look into the named project. */
  allowSupportAccess: z.boolean().optional().default(false),
})

/** What the platform works with, after trimming and defaults. */
export type SupportTicketBody = z.infer<typeof supportTicketBody>
/** What the dashboard sends. */
export type SupportTicketRequest = z.input<typeof supportTicketBody>

/** The stored ticket's id. */
export type SupportTicketCreated = { id: string }
