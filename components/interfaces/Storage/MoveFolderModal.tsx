import { useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { useFolderMoveMutation } from '@/data/storage/folder-move-mutation'
import { useFoldersCountQuery } from '@/data/storage/folders-count-query'
import { objectNameProblem } from '@/lib/storage/limits'

type Props = { projectRef: string; bucketId: string; path: string; onClose: () => void; onMoved: (to: string) => void }

/** Moves (or renames) a folder with everything under it, saying how many files go. */
export function MoveFolderModal({ projectRef, bucketId, path, onClose, onMoved }: Props) {
  const id = useId()
  const [to, setTo] = useState(path)
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const counted = useFoldersCountQuery({ projectRef, bucket: bucketId, prefixes: [path] })
  const move = useFolderMoveMutation({ onError: (error) => setServerError(error.message) })
  const target = to.trim().replace(/^\/+|\/+$/g, '')
  const problem =
    target === path ? 'Enter a path other than the current one' : target.startsWith(`${path}/`) ? 'A folder cannot move into itself' : objectNameProblem(target)?.replace('object name', 'folder') ?? null
  const shown = submitted ? problem : null
  const files = counted.data?.files
  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Move folder"
      description={
        counted.isPending ? `From ${path}/ (counting its files…)` : counted.isError ? `From ${path}/` : `From ${path}/: ${files} file${files === 1 ? '' : 's'} will move with it`
      }
      submitLabel="Move folder"
      pendingLabel="Moving…"
      pending={move.isPending}
      error={serverError ?? (counted.isError ? `The files could not be counted: ${counted.error.message}` : null)}
      errorTitle="The folder was not moved"
      onSubmit={() => {
        setSubmitted(true)
        setServerError(null)
        if (problem) return
        move.mutate(
          { projectRef, bucket: bucketId, from: path, to: target },
          {
            onSuccess: ({ files: moved }) => {
              toast.success(`Moved ${moved} file${moved === 1 ? '' : 's'} to ${target}/`)
              onMoved(target)
              onClose()
            },
          }
        )
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-to`}>New folder path</label>
        <input id={`${id}-to`} className="input mono" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={shown ? true : undefined} aria-describedby={`${id}-hint`} />
        <span id={`${id}-hint`} className={shown ? 'field-error' : 'field-hint'}>
          {shown ?? 'Everything under the folder moves, e.g. archive/2024'}
        </span>
      </div>
    </FormModal>
  )
}
