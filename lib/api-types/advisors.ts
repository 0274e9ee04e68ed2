/**
 * Advisor rules as the platform sends them (`GET /platform/projects/{ref}/advisors/rules`): every
 * lint of the catalogue with whether it is disabled for the project, and why; and the body that
 * switches one. The browser imports this file with `import type` only (zod stays out of its bundle).
 */
import { z } from 'zod'
import { ADVISOR_RULE_REASON_MAX_LENGTH } from '@/lib/advisors/rules'
import { LINT_NAMES, type LintCategory, type LintLevel } from '@/lib/advisors/lints'

export type AdvisorRule = {
  name: string
  title: string
  level: LintLevel
  category: LintCategory
  disabled: boolean
  reason: string | null
  /** When and by whom the rule was last switched; null when never. */
  updated_at: string | null
  updated_by: string | null
}

/** PATCH /platform/projects/:ref/advisors/rules: switches one rule, named in the body. */
export const updateAdvisorRuleBody = z.strictObject({
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
export type UpdateAdvisorRuleBody = z.input<typeof updateAdvisorRuleBody>

/** What the PATCH changes of the rule named in its body. */
export type AdvisorRuleUpdate = Omit<z.infer<typeof updateAdvisorRuleBody>, 'name'>
