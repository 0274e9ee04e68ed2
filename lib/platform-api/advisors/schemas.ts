import { z } from 'zod'
import { LINT_NAMES } from '@/lib/advisors/lints'
import { ADVISOR_RULE_REASON_MAX_LENGTH } from '@/lib/advisors/rules'

/** PATCH /platform/projects/:ref/advisors/rules: switches one rule, named in the body. */
export const updateRuleBody = z.strictObject({
  name: z
    .string('must be a string')
    .refine((name) => LINT_NAMES.includes(name), { error: (issue) => `unknown advisor rule "${String(issue.input).slice(0, 100)}": no lint of the advisor has that name` }),
  disabled: z.boolean('must be true or false'),
  reason: z
    .string('must be a string or null')
    .trim()
    .max(ADVISOR_RULE_REASON_MAX_LENGTH, `must be at most ${ADVISOR_RULE_REASON_MAX_LENGTH} characters`)
    .nullable()
    .optional(),
})
export type UpdateRuleInput = z.infer<typeof updateRuleBody>
