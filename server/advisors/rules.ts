import { findLint, LINTS } from '@/lib/advisors/lints'
import type { AdvisorRule, AdvisorRuleUpdate } from '@/lib/api-types/advisors'
import { audit } from '../access'
import type { Db } from '../db/types'
import { notFound } from '../http/errors'

type RuleRow = { lint_name: string; disabled: boolean; reason: string | null; updated_at: string | Date; updated_by: string | null }

const iso = (value: string | Date) => new Date(value).toISOString()

/** Every lint of the catalogue, with its state in the project (on unless a row says otherwise). */
export async function listAdvisorRules(db: Db, projectId: number): Promise<AdvisorRule[]> {
  const { rows } = await db.query<RuleRow>(
    `select r.lint_name, r.disabled, r.reason, r.updated_at, u.email as updated_by
     from platform.advisor_rules r left join platform.users u on u.id = r.updated_by
     where r.project_id = $1`,
    [projectId]
  )
  const byName = new Map(rows.map((row) => [row.lint_name, row]))
  return LINTS.map((lint) => {
    const row = byName.get(lint.name)
    return {
      name: lint.name,
      title: lint.title,
      level: lint.level,
      category: lint.category,
      disabled: row?.disabled ?? false,
      reason: row?.disabled ? row.reason : null,
      updated_at: row ? iso(row.updated_at) : null,
      updated_by: row?.updated_by ?? null,
    }
  })
}

/**
 * Disables or re-enables one rule for the project (re-enabling clears the reason) and records it
 * in the organization's audit log. An unknown lint name is a 404 naming it.
 */
export async function setAdvisorRule(
  db: Db,
  input: { projectId: number; projectRef: string; organizationId: number; userId: string; name: string; update: AdvisorRuleUpdate }
): Promise<AdvisorRule> {
  const lint = findLint(input.name)
  if (!lint) throw notFound(`Unknown advisor rule "${input.name}": no lint of the advisor has that name`)
  const reason = input.update.disabled ? input.update.reason || null : null
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into platform.advisor_rules (project_id, lint_name, disabled, reason, updated_by, updated_at)
       values ($1, $2, $3, $4, $5, now())
       on conflict (project_id, lint_name) do update
         set disabled = excluded.disabled, reason = excluded.reason, updated_by = excluded.updated_by, updated_at = now()`,
      [input.projectId, lint.name, input.update.disabled, reason, input.userId]
    )
    await audit(tx, {
      userId: input.userId,
      organizationId: input.organizationId,
      action: input.update.disabled ? 'project.advisor_rule_disabled' : 'project.advisor_rule_enabled',
      target: input.projectRef,
      metadata: { rule: lint.name, ...(reason ? { reason } : {}) },
    })
  })
  const rules = await listAdvisorRules(db, input.projectId)
  return rules.find((rule) => rule.name === lint.name)!
}
