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
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { FOLDER_PLACEHOLDER, joinPath } from '@/lib/storage/browser'
import type { FileEntry } from './file-entry'
import { FileBrowserToolbar, type ViewMode } from './FileBrowserToolbar'
import { FileGrid, FileTable, ListingFooter } from './FileListing'
import { RowActions } from './RowActions'
import { selectionWords } from './selection'
import { UploadList } from './UploadList'
import { useUploads } from './use-uploads'
import styles from './Storage.module.css'

const PreviewPanel = dynamic(() => import('./PreviewPanel').then((m) => m.PreviewPanel), { ssr: false })
const DeleteFilesModal = dynamic(() => import('./DeleteFilesModal').then((m) => m.DeleteFilesModal), { ssr: false })
const CreateFolderModal = dynamic(() => import('./CreateFolderModal').then((m) => m.CreateFolderModal), { ssr: false })
const CopyUrlModal = dynamic(() => import('./CopyUrlModal').then((m) => m.CopyUrlModal), { ssr: false })
const MoveFolderModal = dynamic(() => import('./MoveFolderModal').then((m) => m.MoveFolderModal), { ssr: false })

/** How long typing in the search box settles before the folder is listed again. */
const SEARCH_DEBOUNCE_MS = 300
type Dialog = { kind: 'delete' | 'folder' } | { kind: 'copy' | 'move-folder'; entry: FileEntry }

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
  // Each selected path, and whether it is a folder (known even once a search hides its row).
  const [chosen, setChosen] = useState<Map<string, boolean>>(new Map())
  const selected = new Set(chosen.keys())
  const [previewing, setPreviewing] = useState<FileEntry | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [dragging, setDragging] = useState(false)
  const [search, setSearch] = useState('')
  const searching = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const buckets = useBucketsQuery({ projectRef })
  const bucket = buckets.data?.find((b) => b.id === bucketId)
  const objects = useObjectsQuery({ projectRef, bucket: bucketId, prefix, search: searching, keepWhileSearching: true })
  const uploads = useUploads(projectRef, bucketId)
  const canWrite = access.canWrite

  const entries: FileEntry[] = (objects.data?.pages.flatMap((p) => p.entries) ?? [])
    .filter((e) => e.name !== FOLDER_PLACEHOLDER)
    .map((e) => ({ ...e, path: joinPath(prefix, e.name), folder: e.id === null }))
    .sort((a, b) => Number(b.folder) - Number(a.folder) || a.name.localeCompare(b.name))

  const goTo = (path: string) => {
    setPrefix(path)
    setSearch('')
    setChosen(new Map())
    setPreviewing(null)
  }
  const open = (entry: FileEntry) => (entry.folder ? goTo(entry.path) : setPreviewing(entry))
  const toggle = (path: string) =>
    setChosen((c) => {
      const next = new Map(c)
      if (next.has(path)) next.delete(path)
      else next.set(path, entries.find((e) => e.path === path)?.folder ?? false)
      return next
    })
  const allSelected = entries.length > 0 && entries.every((e) => chosen.has(e.path))
  const toggleAll = () => setChosen(allSelected ? new Map() : new Map(entries.map((e) => [e.path, e.folder])))
  const chosenFolders = [...chosen].flatMap(([path, folder]) => (folder ? [path] : []))
  const chosenFiles = [...chosen].flatMap(([path, folder]) => (folder ? [] : [path]))

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
  else if (entries.length === 0 && searching) {
    listing = (
      <EmptyState
        title={`No files match “${searching}”`}
        description="Names in this folder that start with it appear here."
        action={<button type="button" className="btn" onClick={() => setSearch('')}>Clear search</button>}
      />
    )
  } else if (entries.length === 0) {
    listing = (
      <EmptyState
        title={prefix ? 'This folder is empty' : 'This bucket is empty'}
        description={canWrite ? 'Drop files here, or use Upload files.' : 'Files uploaded to it appear here.'}
      />
    )
  } else {
    const props = { projectRef, bucketId, entries, selected, onToggle: toggle, onOpen: open, selectable: canWrite, active: previewing?.path ?? null, busy: objects.isPlaceholderData }
    const actions = (entry: FileEntry) => (
      <RowActions entry={entry} canWrite={canWrite} canCopy={Boolean(bucket)} onCopyUrl={() => setDialog({ kind: 'copy', entry })} onMoveFolder={() => setDialog({ kind: 'move-folder', entry })} />
    )
    listing = (
      <>
        {view === 'list' ? <FileTable {...props} allSelected={allSelected} onToggleAll={toggleAll} actions={actions} /> : <FileGrid {...props} />}
        <ListingFooter
          shown={entries.length}
          searching={Boolean(searching)}
          more={objects.hasNextPage}
          loadingMore={objects.isFetchingNextPage}
          failed={objects.isFetchNextPageError}
          onLoadMore={() => void objects.fetchNextPage()}
        />
      </>
    )
  }

  return (
    <div className={styles.browser}>
      <FileBrowserToolbar
        bucketId={bucketId}
        isPublic={bucket?.public ?? false}
        prefix={prefix}
        view={view}
        canWrite={canWrite}
        selection={selectionWords(chosenFiles.length, chosenFolders.length)}
        search={search}
        onSearch={setSearch}
        onNavigate={goTo}
        onView={setView}
        onUpload={(picked) => void uploads.upload(picked, prefix)}
        onNewFolder={() => setDialog({ kind: 'folder' })}
        onDeleteSelected={() => setDialog({ kind: 'delete' })}
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
      {dialog?.kind === 'delete' && (
        <DeleteFilesModal
          projectRef={projectRef}
          bucketId={bucketId}
          paths={chosenFiles}
          folders={chosenFolders}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setChosen(new Map())
            if (previewing && (selected.has(previewing.path) || chosenFolders.some((f) => previewing.path.startsWith(`${f}/`)))) setPreviewing(null)
          }}
        />
      )}
      {dialog?.kind === 'folder' && <CreateFolderModal projectRef={projectRef} bucketId={bucketId} prefix={prefix} onClose={() => setDialog(null)} onCreated={goTo} />}
      {dialog?.kind === 'copy' && bucket && <CopyUrlModal projectRef={projectRef} bucket={bucket} path={dialog.entry.path} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move-folder' && (
        <MoveFolderModal
          projectRef={projectRef}
          bucketId={bucketId}
          path={dialog.entry.path}
          onClose={() => setDialog(null)}
          onMoved={() => {
            setChosen(new Map())
            if (previewing?.path.startsWith(`${dialog.entry.path}/`)) setPreviewing(null)
          }}
        />
      )}
    </div>
  )
}
