/**
 * Advisor rules as the platform API shows them (`GET /platform/projects/{ref}/advisors/rules`):
 * every lint of the catalogue with whether it is disabled for the project, and why.
 */
import type { LintCategory, LintLevel } from './lints'

export const ADVISOR_RULE_REASON_MAX_LENGTH = 500

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

/** What `PATCH /platform/projects/{ref}/advisors/rules` changes of the rule named in its body. */
export type AdvisorRuleUpdate = { disabled: boolean; reason?: string | null }
