import Link from 'next/link'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { DatabaseScreen, WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { queryState } from '@/components/ui/QueryState'
import { EmptyState } from '@/components/ui/EmptyState'
import { useBucketsQuery, type StorageBucket } from '@/data/storage/buckets-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { formatBytes, formatDateTime } from '@/lib/formatting'
import { BucketDangerModal } from './BucketDangerModal'
import { BucketFormModal } from './BucketFormModal'
import styles from './Storage.module.css'

type Dialog = { kind: 'form'; bucket: StorageBucket | null } | { kind: 'empty' | 'delete'; bucket: StorageBucket }

/** `/project/{ref}/storage/buckets`: the project's buckets, their settings, and a way into each. */
export function BucketsScreen({ projectRef }: { projectRef: string }) {
  return (
    <DatabaseScreen projectRef={projectRef} title="Buckets" subtitle="Files live in buckets. A public bucket serves its files to anyone with their URL; a private one only through policies or signed URLs.">
      {(access) => <BucketList projectRef={projectRef} access={access} />}
    </DatabaseScreen>
  )
}

function BucketList({ projectRef, access }: { projectRef: string; access: ProjectAccess }) {
  const buckets = useBucketsQuery({ projectRef })
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const close = () => setDialog(null)
  const newButton = access.canWrite && (
    <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'form', bucket: null })}>
      New bucket
    </button>
  )

  let content = queryState(buckets, {
    what: 'buckets',
    empty: <EmptyState title="No buckets yet" description="Create a bucket to store images, documents and other files, then upload to it here or with supabase-js." action={newButton || undefined} />,
  })
  if (buckets.isSuccess && content === null) {
    content = (
      <>
        <div className={styles.toolbar}>
          <span className="field-hint">{`${buckets.data.length} bucket${buckets.data.length === 1 ? '' : 's'}`}</span>
          {newButton}
        </div>
        <DataTable
          label="Buckets"
          rows={buckets.data}
          rowKey={(b) => b.id}
          columns={[
            {
              key: 'name',
              header: 'Name',
              rowHeader: true,
              render: (b) => (
                <Link href={`/project/${projectRef}/storage/buckets/${encodeURIComponent(b.id)}`} className={styles.bucketLink}>
                  {b.name}
                </Link>
              ),
            },
            { key: 'access', header: 'Access', render: (b) => (b.public ? <Badge variant="warning">Public</Badge> : <Badge>Private</Badge>) },
            { key: 'limit', header: 'File size limit', nowrap: true, render: (b) => (b.file_size_limit ? formatBytes(b.file_size_limit, 1) : 'Plan limit') },
            { key: 'types', header: 'Allowed types', hideOnMobile: true, render: (b) => (b.allowed_mime_types?.length ? <span className="mono">{b.allowed_mime_types.join(', ')}</span> : 'Any') },
            { key: 'created', header: 'Created', nowrap: true, hideOnMobile: true, render: (b) => <time dateTime={b.created_at}>{formatDateTime(b.created_at)}</time> },
          ]}
          actions={(b) =>
            access.canWrite && (
              <>
                <button type="button" className="btn btn-sm" onClick={() => setDialog({ kind: 'form', bucket: b })} aria-label={`Edit bucket ${b.name}`}>
                  Edit
                </button>
                <button type="button" className="btn btn-sm" onClick={() => setDialog({ kind: 'empty', bucket: b })} aria-label={`Empty bucket ${b.name}`}>
                  Empty
                </button>
                <button type="button" className="btn btn-sm btn-danger" onClick={() => setDialog({ kind: 'delete', bucket: b })} aria-label={`Delete bucket ${b.name}`}>
                  Delete
                </button>
              </>
            )
          }
        />
      </>
    )
  }

  return (
    <>
      <WriteBlockedNote access={access}>Read-only members can browse buckets and files but not change them.</WriteBlockedNote>
      {content}
      <BucketFormModal projectRef={projectRef} open={dialog?.kind === 'form'} bucket={dialog?.kind === 'form' ? dialog.bucket : null} onClose={close} />
      {(dialog?.kind === 'empty' || dialog?.kind === 'delete') && <BucketDangerModal projectRef={projectRef} bucket={dialog.bucket} action={dialog.kind} onClose={close} />}
    </>
  )
}
