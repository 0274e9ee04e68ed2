/**
 * Advisor rules as the platform sends them (`GET /platform/projects/{ref}/advisors/rules`): every
 * lint of the catalogue with whether it is disabled for the project, and why; and the body that
 * switches one. The browser imports this file with `import type` only (zod stays out of its bundle).
 */
import { z } from 'zod'
import { ADVISOR_RULE_REASON_MAX_LENGTH } from '@/lib/advisors/rules'
import { LINT_NAMES, type LintCategory, type LintLevel } from '@/lib/advisors/lints'
import type { RunningQuery } from '@/lib/advisors/query-performance'

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

/**
 * `GET /platform/projects/:ref/running-queries`: statements running now in the project's database,
 * read by the platform (every role's sessions, the application's included); `embedded`: PGlite,
 * which runs one statement at a time (nothing else can be running).
 */
export type RunningQueriesResponse = {
  embedded: boolean
  queries: RunningQuery[]
}

/** `POST /platform/projects/:ref/running-queries/:pid/cancel` → whether the cancel reached a running statement. */
export type CancelQueryResponse = { cancelled: boolean }

/** The path's process id of the cancel route. */
export const runningQueryPid = z.object({
  pid: z.coerce.number('must be a process id (a positive integer)').int('must be a process id (a positive integer)').positive('must be a process id (a positive integer)').max(2_147_483_647, 'must be a process id (a positive integer)'),
})
