import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { FormModal } from '@/components/ui/FormModal'
import { storageKeys } from '@/data/storage/keys'
import { uploadFile } from '@/data/storage/upload-file'
import { FOLDER_PLACEHOLDER, folderNameProblem, joinPath } from '@/lib/storage/browser'

type Props = { projectRef: string; bucketId: string; prefix: string; onClose: () => void; onCreated: (path: string) => void }

/** Creates a folder: a hidden placeholder object inside it, as Supabase does, so the empty folder is listed. */
export function CreateFolderModal({ projectRef, bucketId, prefix, onClose, onCreated }: Props) {
  const id = useId()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const problem = folderNameProblem(name)
  const shown = submitted ? problem : null

  async function submit() {
    setSubmitted(true)
    setServerError(null)
    if (problem) return
    const folder = joinPath(prefix, name.trim())
    setPending(true)
    try {
      await uploadFile({ projectRef, bucket: bucketId, path: joinPath(folder, FOLDER_PLACEHOLDER), file: new Blob([], { type: 'text/plain' }), upsert: true })
      await queryClient.invalidateQueries({ queryKey: storageKeys.objects(projectRef, bucketId) })
      onCreated(folder)
      onClose()
    } catch (error) {
      setServerError((error as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="New folder"
      description={prefix ? `In /${prefix}` : 'At the bucket root'}
      submitLabel="Create folder"
      pendingLabel="Creating…"
      pending={pending}
      error={serverError}
      errorTitle="The folder was not created"
      onSubmit={() => void submit()}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} className="input" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={shown ? true : undefined} aria-describedby={`${id}-hint`} />
        <span id={`${id}-hint`} className={shown ? 'field-error' : 'field-hint'}>
          {shown ?? 'e.g. avatars'}
        </span>
      </div>
    </FormModal>
  )
}
