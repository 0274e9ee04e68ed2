import { useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { useObjectMoveMutation } from '@/data/storage/object-move-mutation'
import { objectNameProblem } from '@/lib/storage/limits'

type Props = { projectRef: string; bucketId: string; path: string; onClose: () => void; onMoved: () => void }

/** Moves (or renames) a file to a new path in its bucket. */
export function MoveFileModal({ projectRef, bucketId, path, onClose, onMoved }: Props) {
  const id = useId()
  const [to, setTo] = useState(path)
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const move = useObjectMoveMutation({ onError: (error) => setServerError(error.message) })
  const target = to.trim().replace(/^\/+/, '')
  const problem = target === path ? 'Enter a path other than the current one' : objectNameProblem(target)
  const shown = submitted ? problem : null
  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Move file"
      description={`From ${path}`}
      submitLabel="Move file"
      pendingLabel="Moving…"
      pending={move.isPending}
      error={serverError}
      errorTitle="The file was not moved"
      onSubmit={() => {
        setSubmitted(true)
        setServerError(null)
        if (problem) return
        move.mutate(
          { projectRef, bucket: bucketId, from: path, to: target },
          {
            onSuccess: () => {
              toast.success(`Moved to ${target}`)
              onMoved()
              onClose()
            },
          }
        )
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-to`}>New path</label>
        <input id={`${id}-to`} className="input mono" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={shown ? true : undefined} aria-describedby={`${id}-hint`} />
        <span id={`${id}-hint`} className={shown ? 'field-error' : 'field-hint'}>
          {shown ?? 'Folders are made as needed, e.g. archive/2024/report.pdf'}
        </span>
      </div>
    </FormModal>
  )
}
