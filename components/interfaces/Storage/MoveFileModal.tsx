import { useState } from 'react'
import { toast } from 'sonner'
import { useObjectMoveMutation } from '@/data/storage/object-move-mutation'
import { objectNameProblem } from '@/lib/storage/limits'
import { MovePathModal } from './MovePathModal'

type Props = { projectRef: string; bucketId: string; path: string; onClose: () => void; onMoved: () => void }

/** Moves (or renames) a file to a new path in its bucket. */
export function MoveFileModal({ projectRef, bucketId, path, onClose, onMoved }: Props) {
  const [serverError, setServerError] = useState<string | null>(null)
  const move = useObjectMoveMutation({ onError: (error) => setServerError(error.message) })
  return (
    <MovePathModal
      title="Move file"
      description={`From ${path}`}
      label="New path"
      hint="Folders are made as needed, e.g. archive/2024/report.pdf"
      submitLabel="Move file"
      from={path}
      normalize={(typed) => typed.trim().replace(/^\/+/, '')}
      problemOf={(target) => (target === path ? 'Enter a path other than the current one' : objectNameProblem(target))}
      pending={move.isPending}
      error={serverError}
      errorTitle="The file was not moved"
      onClose={onClose}
      onAttempt={() => setServerError(null)}
      onSubmit={(target) =>
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
      }
    />
  )
}
