import { z } from 'zod'
import { ADVISOR_RULE_REASON_MAX_LENGTH } from '@/lib/advisors/rules'
import { refParams } from '../projects/schemas'

/** A lint name: lower-case words joined by underscores (whether it exists is checked after). */
export const ruleParams = refParams.extend({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, 'is not an advisor rule name (lower-case letters, digits and underscores)'),
})

/** PUT /platform/projects/:ref/advisors/rules/:name */
export const updateRuleBody = z.strictObject({
  disabled: z.boolean('must be true or false'),
  reason: z
    .string('must be a string or null')
    .trim()
    .max(ADVISOR_RULE_REASON_MAX_LENGTH, `must be at most ${ADVISOR_RULE_REASON_MAX_LENGTH} characters`)
    .nullable()
    .optional(),
})
