import Link from 'next/link'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { CopyButton } from '@/components/ui/CopyButton'
import { ConfirmButtons } from '@/components/ui/ConfirmModal'
import { Modal } from '@/components/ui/Modal'
import { SqlRunError } from '@/components/ui/SqlPreview'
import { useSnippetCreateMutation } from '@/data/snippets/snippet-create-mutation'
import { useExecuteSqlMutation } from '@/data/sql/execute-sql'
import { indexFormHref } from '@/lib/database/indexes'
import { LEVEL_SINGULAR, type Finding } from '@/lib/advisors/findings'
import { LEVEL_BADGE } from './Advisors.utils'
import styles from './Advisors.module.css'

type FindingItemProps = {
  finding: Finding
  projectRef: string
  connectionString: string | null
  /** Developers and above may run the fix from here. */
  canApplyFix: boolean
}

/** One finding: a summary line that expands to the detail, the remediation and, when mechanical, the fix. */
export function FindingItem({ finding, projectRef, connectionString, canApplyFix }: FindingItemProps) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const createSnippet = useSnippetCreateMutation({
    onSuccess: (snippet) => void router.push(`/project/${projectRef}/sql/${snippet.id}`),
  })
  const applyFix = useExecuteSqlMutation({
    onError: () => undefined, // shown in the dialog
    onSuccess: () => {
      setConfirming(false)
      toast.success(`Fix applied to ${finding.schema}.${finding.object}`)
      // Lints, the table editor and every other read of the database see the change.
      void queryClient.invalidateQueries({ queryKey: ['projects', projectRef, 'sql'] })
    },
  })
  const fix = finding.fix

  return (
    <li>
      <details className={styles.finding} data-lint={finding.lint}>
        <summary>
          <Badge variant={LEVEL_BADGE[finding.level]}>{LEVEL_SINGULAR[finding.level]}</Badge>
          <span className={styles.findingTitle}>{finding.title}</span>
          <span className={styles.findingObject}>
            {finding.schema}.{finding.object}
          </span>
        </summary>
        <div className={styles.findingBody}>
          <p>{finding.detail}</p>
          <h3>Why it matters</h3>
          <p>{finding.description}</p>
          <h3>How to fix it</h3>
          <p>{finding.remediation}</p>
          <p className="muted">
            Rule: <code>{finding.lint}</code>
          </p>
          {finding.createIndex && (
            <p>
              <Link className="btn btn-sm" href={indexFormHref(projectRef, finding.createIndex)}>
                Create the index on the Indexes page
              </Link>
            </p>
          )}
          {fix && (
            <>
              <h3>SQL fix</h3>
              <pre className={styles.pre} aria-label={`SQL fix for ${finding.schema}.${finding.object}`}>
                {fix}
              </pre>
              <div className={styles.actions}>
                <CopyButton text={fix} label="Copy SQL fix" />
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={createSnippet.isPending}
                  onClick={() => createSnippet.mutate({ projectRef, name: `Fix: ${finding.title} (${finding.object})`.slice(0, 200), sql: `${fix}\n` })}
                >
                  {createSnippet.isPending ? 'Opening…' : 'Open in SQL editor'}
                </button>
                {canApplyFix && (
                  <button type="button" className="btn btn-sm btn-primary" onClick={() => setConfirming(true)}>
                    Apply fix
                  </button>
                )}
              </div>
            </>
          )}
        </div>
      </details>
      <Modal
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open)
          if (!open) applyFix.reset()
        }}
        title="Apply the fix?"
        description={`This runs the SQL below on the project's database to fix ${finding.schema}.${finding.object}.`}
        footer={
          <ConfirmButtons onCancel={() => setConfirming(false)} variant="primary" confirmDisabled={applyFix.isPending} onConfirm={() => fix && applyFix.mutate({ projectRef, connectionString, sql: fix })}>
            {applyFix.isPending ? 'Applying…' : 'Run fix'}
          </ConfirmButtons>
        }
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: '0.6rem' }}>
          <pre className={styles.pre}>{fix}</pre>
          {applyFix.isError && <SqlRunError error={applyFix.error} title="The fix was not applied" />}
        </div>
      </Modal>
    </li>
  )
}
