import { Fragment } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { Toggle } from '@/components/ui/Toggle'
import { WriteButton } from '@/components/ui/WriteButton'
import type { ProjectAccess } from '@/hooks/use-project-access'
import type { Policy, PolicyTable } from '@/lib/database/policies'
import styles from './Policies.module.css'

type PolicyTableCardProps = {
  table: PolicyTable
  access: ProjectAccess
  onToggleRls: (enabled: boolean) => void
  onCreate: () => void
  onEdit: (policy: Policy) => void
  onDrop: (policy: Policy) => void
}

/** What a table's RLS state means for the app's keys, when it needs saying. */
function rlsWarning(table: PolicyTable): { type: 'warning' | 'danger'; title: string; text: string } | null {
  if (!table.rlsEnabled) {
    return {
      type: 'danger',
      title: 'Row level security is off',
      text: 'Anyone with the anon key can read and change every row of this table. Turn RLS on, then add policies for what should be allowed.',
    }
  }
  if (table.policies.length === 0) {
    return { type: 'warning', title: 'No policies yet', text: 'With RLS on and no policy, nobody but the service role sees or changes rows.' }
  }
  return null
}

/** One table: its RLS switch, what that means, and its policies with edit and drop. */
export function PolicyTableCard({ table, access, onToggleRls, onCreate, onEdit, onDrop }: PolicyTableCardProps) {
  const qualified = `${table.schema}.${table.name}`
  const warning = rlsWarning(table)
  return (
    <section className={`card ${styles.card}`} aria-label={`Table ${qualified}`}>
      <div className={styles.cardTop}>
        <h2>{qualified}</h2>
        <div className={styles.cardActions}>
          <Toggle
            label="Row level security"
            aria-label={`Row level security on ${qualified}`}
            checked={table.rlsEnabled}
            disabled={!access.canWrite}
            size="small"
            onChange={(enabled) => onToggleRls(enabled)}
          />
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm btn-primary" onClick={onCreate} aria-label={`New policy on ${qualified}`}>
            New policy
          </WriteButton>
        </div>
      </div>
      {warning && (
        <Admonition type={warning.type} title={warning.title}>
          {warning.text}
        </Admonition>
      )}
      <DataTable
        label={`Policies on ${qualified}`}
        rows={table.policies}
        rowKey={(policy) => policy.name}
        empty={table.rlsEnabled ? null : <p className="muted none">No policies.</p>}
        columns={[
          { key: 'name', header: 'Name', rowHeader: true, render: (policy) => policy.name },
          {
            key: 'command',
            header: 'Command',
            nowrap: true,
            render: (policy) => (
              <span className={styles.badges}>
                <Badge>{policy.command}</Badge>
                {!policy.permissive && <Badge>RESTRICTIVE</Badge>}
              </span>
            ),
          },
          {
            key: 'roles',
            header: 'Roles',
            className: styles.mono,
            // Each role whole: the list wraps between roles, never inside one (issue 26: "authenticated" broke in two).
            render: (policy) =>
              policy.roles.map((role, i) => (
                <Fragment key={role}>
                  {i > 0 && ', '}
                  <span className={styles.nowrap}>{role}</span>
                </Fragment>
              )),
          },
          {
            key: 'expressions',
            header: 'Expressions',
            className: styles.mono,
            render: (policy) => (
              <>
                {policy.using !== null && <div>USING ({policy.using})</div>}
                {policy.withCheck !== null && <div>WITH CHECK ({policy.withCheck})</div>}
              </>
            ),
          },
        ]}
        actions={(policy) => (
          <>
            <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => onEdit(policy)} aria-label={`Edit ${policy.name}`}>
              Edit
            </WriteButton>
            <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => onDrop(policy)} aria-label={`Drop ${policy.name}`}>
              Drop
            </WriteButton>
          </>
        )}
      />
    </section>
  )
}
