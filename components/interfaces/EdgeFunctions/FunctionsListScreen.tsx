import dynamic from 'next/dynamic'
import Link from 'next/link'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { CopyButton } from '@/components/ui/CopyButton'
import { DataTable } from '@/components/ui/DataTable'
import { queryState } from '@/components/ui/QueryState'
import { EmptyState } from '@/components/ui/EmptyState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { useFunctionsQuery } from '@/data/functions/functions-query'
import { useProjectAccess } from '@/hooks/use-project-access'
import { formatDateTime } from '@/lib/formatting'
import { formatErrorRate, formatRelativeTime } from './EdgeFunctions.utils'
import styles from './EdgeFunctions.module.css'

const CreateFunctionModal = dynamic(() => import('./CreateFunctionModal').then((m) => m.CreateFunctionModal), { ssr: false })

/** `/project/{ref}/functions`: the project's Edge Functions with their last day's traffic. */
export function FunctionsListScreen({ projectRef }: { projectRef: string }) {
  const { atLeast } = useProjectAccess(projectRef)
  const canDeploy = atLeast('Developer')
  const functions = useFunctionsQuery({ projectRef })
  const [creating, setCreating] = useState(false)
  const base = `/project/${projectRef}/functions`

  const createButton = canDeploy && (
    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
      Create a function
    </button>
  )

  let content = queryState(functions, {
    what: 'functions',
    empty: (
      <EmptyState
        title="No functions yet"
        description="Edge Functions run your TypeScript on the server, close to your data: webhooks, integrations, custom APIs."
        action={createButton || <span className="muted">Ask a Developer, Admin or Owner to create one.</span>}
      />
    ),
  })
  if (functions.isSuccess && content === null) {
    content = (
      <DataTable
        label="Functions"
        rows={functions.data}
        rowKey={(fn) => fn.id}
        columns={[
          {
            key: 'name',
            header: 'Name',
            rowHeader: true,
            render: (fn) => (
              <>
                <Link href={`${base}/${encodeURIComponent(fn.slug)}`} className={styles.name}>
                  {fn.name}
                </Link>
                <span className={`mono ${styles.sub}`}>{fn.slug}</span>
              </>
            ),
          },
          { key: 'status', header: 'Status', render: (fn) => <Badge variant="brand">{fn.status === 'ACTIVE' ? 'Active' : fn.status}</Badge> },
          {
            key: 'version',
            header: 'Version',
            align: 'right',
            render: (fn) => (fn.version === fn.latest_version ? `v${fn.version}` : `v${fn.version} of ${fn.latest_version}`),
          },
          {
            key: 'deployed',
            header: 'Last deploy',
            nowrap: true,
            render: (fn) => (
              <time dateTime={fn.updated_at} title={formatDateTime(fn.updated_at)}>
                {formatRelativeTime(fn.updated_at)}
              </time>
            ),
          },
          { key: 'invocations', header: 'Invocations (24 h)', align: 'right', render: (fn) => fn.invocations_24h.toLocaleString('en-US') },
          { key: 'errors', header: 'Error rate', align: 'right', render: (fn) => formatErrorRate(fn) },
          {
            key: 'url',
            header: 'URL',
            hideOnMobile: true,
            render: (fn) => <CopyButton text={fn.url} label="Copy URL" aria-label={`Copy the URL of ${fn.slug}`} />,
          },
        ]}
      />
    )
  }

  return (
    <div className={pageScreenClass}>
      <PageHeader
        title="Edge Functions"
        subtitle="Server-side TypeScript that runs on request, with your project's URL and keys at hand."
        actions={
          <div className={styles.headerActions}>
            <Link href={`${base}/secrets`} className="btn">
              Secrets
            </Link>
            {functions.isSuccess && functions.data.length > 0 && createButton}
          </div>
        }
      />
      {content}
      {creating && <CreateFunctionModal projectRef={projectRef} open={creating} onOpenChange={setCreating} />}
    </div>
  )
}
