import dynamic from 'next/dynamic'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { Toggle } from '@/components/ui/Toggle'
import { WriteButton } from '@/components/ui/WriteButton'
import { usePublicationsQuery } from '@/data/database/publications-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { dropBlockedReason, PUBLICATION_OPERATIONS, REALTIME_PUBLICATION, type Publication } from '@/lib/database/publications'
import { PublicationTables } from './PublicationTables'
import type { PublicationChange } from './PublicationChangeModal'
import styles from './Database.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const CreatePublicationModal = dynamic(() => import('./CreatePublicationModal').then((m) => m.CreatePublicationModal), { ssr: false })
const PublicationChangeModal = dynamic(() => import('./PublicationChangeModal').then((m) => m.PublicationChangeModal), { ssr: false })

/** /project/{ref}/database/publications: the publications, their operations and tables; supabase_realtime decides what Realtime streams. */
export function PublicationsScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  const [creating, setCreating] = useState(false)
  const [opened, setOpened] = useState<string | null>(null)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Publications</h1>
          <p className="muted">
            A publication names the tables whose changes are published, and which operations. Realtime streams the changes of the tables in{' '}
            <code>{REALTIME_PUBLICATION}</code>.
          </p>
        </div>
        {access.ready && !opened && (
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={() => setCreating(true)}>
            Create publication
          </WriteButton>
        )}
      </div>
      <DatabaseGate access={access}>
        {opened ? (
          <PublicationTables access={access} name={opened} onBack={() => setOpened(null)} />
        ) : (
          <PublicationsList access={access} onOpen={setOpened} onCreate={() => setCreating(true)} />
        )}
        {creating && <CreatePublicationModal access={access} onClose={() => setCreating(false)} />}
      </DatabaseGate>
    </div>
  )
}

function PublicationsList({ access, onOpen, onCreate }: { access: ProjectAccess; onOpen: (name: string) => void; onCreate: () => void }) {
  const query = usePublicationsQuery(access.db)
  const [change, setChange] = useState<PublicationChange | null>(null)

  if (query.isPending) return <SkeletonLines lines={4} label="Loading publications" />
  if (query.isError) return <ErrorState title="Failed to load publications" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  if (query.data.length === 0) {
    return (
      <EmptyState
        title="No publications"
        description={`This database has no publication, not even ${REALTIME_PUBLICATION}: it is made again when the project's database next opens.`}
        action={
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={onCreate}>
            Create a publication
          </WriteButton>
        }
      />
    )
  }

  return (
    <>
      <DataTable
        label="Publications"
        rows={query.data}
        rowKey={(p) => p.id}
        columns={[
          {
            key: 'name',
            header: 'Name',
            rowHeader: true,
            className: styles.mono,
            render: (p) => (
              <>
                {p.name}
                {p.name === REALTIME_PUBLICATION && <span className={`${styles.cellNote} ${styles.plainNote}`}>Decides what Realtime streams</span>}
              </>
            ),
          },
          ...PUBLICATION_OPERATIONS.map((operation) => ({
            key: operation,
            header: operation[0].toUpperCase() + operation.slice(1),
            render: (p: Publication) => (
              <Toggle
                aria-label={`${p.name} publishes ${operation}`}
                checked={p.operations[operation]}
                disabled={!access.canWrite}
                size="small"
                onChange={(on) => setChange({ kind: 'operation', publication: p, operation, on })}
              />
            ),
          })),
          {
            key: 'tables',
            header: 'Tables',
            nowrap: true,
            render: (p) => (p.allTables ? <Badge>All tables</Badge> : `${p.tableCount} ${p.tableCount === 1 ? 'table' : 'tables'}`),
          },
        ]}
        actions={(p) => (
          <span className={styles.actions}>
            <button type="button" className="btn btn-sm" onClick={() => onOpen(p.name)} aria-label={`Tables of ${p.name}`}>
              Tables
            </button>
            <WriteButton
              blockedReason={access.writeBlockedReason ?? dropBlockedReason(p.name)}
              className="btn btn-sm"
              onClick={() => setChange({ kind: 'drop', publication: p })}
              aria-label={`Drop ${p.name}`}
            >
              Drop
            </WriteButton>
          </span>
        )}
      />
      {access.writeBlockedReason && <p className="field-hint" style={{ margin: 0 }}>{access.writeBlockedReason}</p>}
      {change && <PublicationChangeModal access={access} change={change} onClose={() => setChange(null)} />}
    </>
  )
}
