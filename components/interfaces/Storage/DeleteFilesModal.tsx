import { useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useFoldersCountQuery } from '@/data/storage/folders-count-query'
import { useFoldersDeleteMutation } from '@/data/storage/folders-delete-mutation'
import { useObjectsDeleteMutation } from '@/data/storage/objects-delete-mutation'

type Props = { projectRef: string; bucketId: string; paths: string[]; folders?: string[]; onClose: () => void; onDeleted: () => void }

const filesWord = (n: number) => `${n} file${n === 1 ? '' : 's'}`

/** Confirms deleting files and folders (a folder with everything under it), saying how many files go. */
export function DeleteFilesModal({ projectRef, bucketId, paths, folders = [], onClose, onDeleted }: Props) {
  const removeFiles = useObjectsDeleteMutation()
  const removeFolders = useFoldersDeleteMutation()
  const [pending, setPending] = useState(false)
  const counted = useFoldersCountQuery({ projectRef, bucket: bucketId, prefixes: folders })
  const underFolders = folders.length ? counted.data?.files : 0
  const total = underFolders === undefined ? undefined : paths.length + underFolders
  const all = [...folders.map((f) => `${f}/`), ...paths]
  const what = all.length === 1 ? all[0] : folders.length ? `${all.length} items` : filesWord(paths.length)

  const confirm = async () => {
    setPending(true)
    try {
      const gone = (folders.length ? (await removeFolders.mutateAsync({ projectRef, bucket: bucketId, prefixes: folders })).files : 0) + (paths.length ? (await removeFiles.mutateAsync({ projectRef, bucket: bucketId, paths })).deleted.length : 0)
      toast.success(!folders.length && paths.length === 1 ? `Deleted ${paths[0]}` : `Deleted ${filesWord(gone)}`)
      onDeleted()
      onClose()
    } catch {
      // The mutations' own toasts say what failed; the modal stays open to try again.
    } finally {
      setPending(false)
    }
  }

  return (
    <ConfirmModal
      title={`Delete ${what}?`}
      confirmLabel={!folders.length && paths.length === 1 ? 'Delete file' : total === undefined ? 'Delete' : total === 0 ? `Delete ${folders.length === 1 ? 'folder' : 'folders'}` : `Delete ${filesWord(total)}`}
      pending={pending}
      disabled={folders.length > 0 && !counted.isSuccess}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      <>
        {all.length > 1 && (
          <ul style={{ margin: 0, maxHeight: 160, overflow: 'auto' }}>
            {all.map((p) => (
              <li key={p} className="mono">
                {p}
              </li>
            ))}
          </ul>
        )}
        {folders.length > 0 && counted.isPending && <p style={{ margin: 0 }}>Counting the files in {folders.length === 1 ? 'the folder' : 'the folders'}…</p>}
        {counted.isError && <Admonition type="danger" title="The files could not be counted">{counted.error.message}</Admonition>}
        {total === 0 && <p style={{ margin: 0 }}>{folders.length === 1 ? 'The folder holds' : 'The folders hold'} no files.</p>}
        {!!total && folders.length > 0 && (
          <p style={{ margin: 0 }}>
            <strong>{filesWord(total)}</strong> will be deleted, everything under {folders.length === 1 ? `${folders[0]}/` : 'these folders'} included.
          </p>
        )}
        <p style={{ margin: 0 }}>Links to {all.length === 1 && !folders.length ? 'it' : 'them'} stop working. This cannot be undone.</p>
      </>
    </ConfirmModal>
  )
}
