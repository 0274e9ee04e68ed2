import dynamic from 'next/dynamic'
import Link from 'next/link'
import { useState, type DragEvent } from 'react'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useBucketsQuery } from '@/data/storage/buckets-query'
import { useObjectsQuery } from '@/data/storage/objects-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { FOLDER_PLACEHOLDER, joinPath } from '@/lib/storage/browser'
import type { FileEntry } from './file-entry'
import { FileBrowserToolbar, type ViewMode } from './FileBrowserToolbar'
import { FileGrid, FileTable } from './FileListing'
import { UploadList } from './UploadList'
import { useUploads } from './use-uploads'
import styles from './Storage.module.css'

const PreviewPanel = dynamic(() => import('./PreviewPanel').then((m) => m.PreviewPanel), { ssr: false })
const DeleteFilesModal = dynamic(() => import('./DeleteFilesModal').then((m) => m.DeleteFilesModal), { ssr: false })
const CreateFolderModal = dynamic(() => import('./CreateFolderModal').then((m) => m.CreateFolderModal), { ssr: false })

/** `/project/{ref}/storage/buckets/{id}`: a bucket's folders and files. */
export function FileBrowserScreen({ projectRef, bucketId }: { projectRef: string; bucketId: string }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={pageScreenClass}>
      <PageHeader
        title={
          <>
            <Link href={`/project/${projectRef}/storage/buckets`} className={styles.backLink}>
              Buckets
            </Link>{' '}
            / {bucketId}
          </>
        }
      />
      <DatabaseGate access={access}>
        <FileBrowser projectRef={projectRef} bucketId={bucketId} access={access} />
      </DatabaseGate>
    </div>
  )
}

function FileBrowser({ projectRef, bucketId, access }: { projectRef: string; bucketId: string; access: ProjectAccess }) {
  const [prefix, setPrefix] = useState('')
  const [view, setView] = useState<ViewMode>('list')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [previewing, setPreviewing] = useState<FileEntry | null>(null)
  const [dialog, setDialog] = useState<'delete' | 'folder' | null>(null)
  const [dragging, setDragging] = useState(false)
  const buckets = useBucketsQuery({ projectRef })
  const bucket = buckets.data?.find((b) => b.id === bucketId)
  const objects = useObjectsQuery({ projectRef, bucket: bucketId, prefix })
  const uploads = useUploads(projectRef, bucketId)
  const canWrite = access.canWrite

  const entries: FileEntry[] = (objects.data ?? [])
    .filter((e) => e.name !== FOLDER_PLACEHOLDER)
    .map((e) => ({ ...e, path: joinPath(prefix, e.name), folder: e.id === null }))
    .sort((a, b) => Number(b.folder) - Number(a.folder) || a.name.localeCompare(b.name))

  const open = (entry: FileEntry) => {
    if (entry.folder) {
      setPrefix(entry.path)
      setSelected(new Set())
      setPreviewing(null)
    } else setPreviewing(entry)
  }
  const goTo = (path: string) => {
    setPrefix(path)
    setSelected(new Set())
    setPreviewing(null)
  }
  const toggle = (path: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(path)) next.delete(path)
      else next.add(path)
      return next
    })
  const files = entries.filter((e) => !e.folder)
  const allSelected = files.length > 0 && files.every((f) => selected.has(f.path))
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(files.map((f) => f.path)))

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const dropped = Array.from(event.dataTransfer?.files ?? [])
    if (canWrite && dropped.length) void uploads.upload(dropped, prefix)
  }
  const onDragOver = (event: DragEvent) => {
    if (!canWrite) return
    event.preventDefault()
    setDragging(true)
  }

  if (buckets.isSuccess && !bucket) {
    return <EmptyState title={`No bucket named ${bucketId}`} description="It may have been deleted." action={<Link className="btn" href={`/project/${projectRef}/storage/buckets`}>All buckets</Link>} />
  }

  let listing
  if (objects.isPending) listing = <SkeletonLines lines={5} label="Loading files" />
  else if (objects.isError) listing = <ErrorState title="Failed to load files" error={objects.error} onRetry={() => void objects.refetch()} retrying={objects.isFetching} />
  else if (entries.length === 0) {
    listing = (
      <EmptyState
        title={prefix ? 'This folder is empty' : 'This bucket is empty'}
        description={canWrite ? 'Drop files here, or use Upload files.' : 'Files uploaded to it appear here.'}
      />
    )
  } else {
    const props = { projectRef, bucketId, entries, selected, onToggle: toggle, onOpen: open, selectable: canWrite, active: previewing?.path ?? null }
    listing = view === 'list' ? <FileTable {...props} allSelected={allSelected} onToggleAll={toggleAll} /> : <FileGrid {...props} />
  }

  return (
    <div className={styles.browser}>
      <FileBrowserToolbar
        bucketId={bucketId}
        isPublic={bucket?.public ?? false}
        prefix={prefix}
        view={view}
        canWrite={canWrite}
        selectedCount={selected.size}
        onNavigate={goTo}
        onView={setView}
        onUpload={(picked) => void uploads.upload(picked, prefix)}
        onNewFolder={() => setDialog('folder')}
        onDeleteSelected={() => setDialog('delete')}
      />
      <UploadList items={uploads.items} onClear={uploads.clearFinished} />
      <div className={styles.body} data-previewing={previewing ? true : undefined}>
        <div
          className={styles.dropzone}
          data-dragging={dragging || undefined}
          data-testid="storage-dropzone"
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {dragging && <div className={styles.dropHint}>Drop files to upload to {prefix ? `/${prefix}` : 'the bucket root'}</div>}
          {listing}
        </div>
        {previewing && (
          <PreviewPanel
            projectRef={projectRef}
            bucket={bucket ?? null}
            entry={previewing}
            canWrite={canWrite}
            onClose={() => setPreviewing(null)}
            onGone={() => setPreviewing(null)}
          />
        )}
      </div>
      {dialog === 'delete' && (
        <DeleteFilesModal
          projectRef={projectRef}
          bucketId={bucketId}
          paths={[...selected]}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setSelected(new Set())
            if (previewing && selected.has(previewing.path)) setPreviewing(null)
          }}
        />
      )}
      {dialog === 'folder' && <CreateFolderModal projectRef={projectRef} bucketId={bucketId} prefix={prefix} onClose={() => setDialog(null)} onCreated={goTo} />}
    </div>
  )
}
