import { useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { Toggle } from '@/components/ui/Toggle'
import { useAdvisorRuleUpdateMutation } from '@/data/advisors/advisor-rule-update-mutation'
import { useAdvisorRulesQuery } from '@/data/advisors/advisor-rules-query'
import { LEVEL_SINGULAR } from '@/lib/advisors/findings'
import { findLint, type LintCategory } from '@/lib/advisors/lints'
import type { AdvisorRule } from '@/lib/api-types/advisors'
import { formatDateTime } from '@/lib/formatting'
import { LEVEL_BADGE, rulesDisabledText } from './Advisors.utils'
import { DisableRuleModal } from './DisableRuleModal'
import { useProjectAccess } from '@/hooks/use-project-access'
import styles from './Advisors.module.css'

const CATEGORY_LABELS: Record<LintCategory, string> = { SECURITY: 'Security rules', PERFORMANCE: 'Performance rules' }

/** Every lint with a switch to disable it for this project (Owners and Admins), and why it was. */
export function AdvisorRulesPanel({ projectRef }: { projectRef: string }) {
  const rules = useAdvisorRulesQuery({ projectRef })
  const { role, atLeast } = useProjectAccess(projectRef)
  const canEdit = atLeast('Admin')
  const [disabling, setDisabling] = useState<AdvisorRule | null>(null)
  const [modalError, setModalError] = useState<string | null>(null)
  // Disabling reports its errors in the dialog; enabling in a toast (the default).
  const update = useAdvisorRuleUpdateMutation({ onError: (error) => setModalError(error.message) })
  const enable = useAdvisorRuleUpdateMutation()

  if (rules.isPending) return <SkeletonLines lines={6} label="Loading the advisor rules" />
  if (rules.isError) return <ErrorState title="Failed to load the advisor rules" error={rules.error} onRetry={() => void rules.refetch()} retrying={rules.isFetching} />

  const disabledCount = rules.data.filter((r) => r.disabled).length
  const categories = (['SECURITY', 'PERFORMANCE'] as const).filter((c) => rules.data.some((r) => r.category === c))

  return (
    <div className={styles.section}>
      <p className="muted" style={{ margin: 0 }}>
        Disable a rule to hide its findings for everyone in this project, for instance a check that does not apply to how you use
        the database. {disabledCount > 0 ? `${rulesDisabledText(disabledCount)}.` : 'Every rule is enabled.'}
      </p>
      {!canEdit && (
        <Admonition role="note" title="Only Owners and Admins can change the rules">
          {role ? `Your role in this organization is ${role}.` : 'Your role in this organization could not be determined.'}
        </Admonition>
      )}
      {categories.map((category) => (
        <section key={category} className={styles.section} aria-labelledby={`rules-${category}`}>
          <h2 id={`rules-${category}`}>{CATEGORY_LABELS[category]}</h2>
          <ul className={styles.ruleList}>
            {rules.data
              .filter((r) => r.category === category)
              .map((rule) => (
                <li key={rule.name} className={styles.rule}>
                  <div className={styles.ruleText}>
                    <span className={styles.ruleTitle}>
                      {rule.title} <Badge variant={LEVEL_BADGE[rule.level]}>{LEVEL_SINGULAR[rule.level]}</Badge>
                      {rule.disabled && <Badge>Disabled</Badge>}
                    </span>
                    <span className="muted">{findLint(rule.name)?.description}</span>
                    <code className="muted" style={{ fontSize: '0.8rem' }}>
                      {rule.name}
                    </code>
                    {rule.disabled && (
                      <span>
                        {rule.reason ? `Reason: ${rule.reason}` : 'No reason given.'}{' '}
                        <span className="muted">
                          Disabled{rule.updated_by ? ` by ${rule.updated_by}` : ''}
                          {rule.updated_at ? ` on ${formatDateTime(rule.updated_at)}` : ''}.
                        </span>
                      </span>
                    )}
                  </div>
                  <Toggle
                    aria-label={`Rule: ${rule.title}`}
                    checked={!rule.disabled}
                    disabled={!canEdit || update.isPending || enable.isPending}
                    onChange={(on) => {
                      if (on) enable.mutate({ projectRef, name: rule.name, disabled: false })
                      else {
                        setModalError(null)
                        setDisabling(rule)
                      }
                    }}
                  />
                </li>
              ))}
          </ul>
        </section>
      ))}
      <DisableRuleModal
        rule={disabling}
        pending={update.isPending}
        error={modalError}
        onCancel={() => setDisabling(null)}
        onConfirm={(reason) =>
          disabling &&
          update.mutate({ projectRef, name: disabling.name, disabled: true, reason }, { onSuccess: () => setDisabling(null) })
        }
      />
    </div>
  )
}
