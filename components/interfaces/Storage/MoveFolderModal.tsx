import { useState } from 'react'
import { toast } from 'sonner'
import { useFolderMoveMutation } from '@/data/storage/folder-move-mutation'
import { useFoldersCountQuery } from '@/data/storage/folders-count-query'
import { objectNameProblem } from '@/lib/storage/limits'
import { MovePathModal } from './MovePathModal'

type Props = { projectRef: string; bucketId: string; path: string; onClose: () => void; onMoved: (to: string) => void }

function folderProblem(from: string, target: string): string | null {
  if (target === from) return 'Enter a path other than the current one'
  if (target.startsWith(`${from}/`)) return 'A folder cannot move into itself'
  return objectNameProblem(target)?.replace('object name', 'folder') ?? null
}

/** Moves (or renames) a folder with everything under it, saying how many files go. */
export function MoveFolderModal({ projectRef, bucketId, path, onClose, onMoved }: Props) {
  const [serverError, setServerError] = useState<string | null>(null)
  const counted = useFoldersCountQuery({ projectRef, bucket: bucketId, prefixes: [path] })
  const move = useFolderMoveMutation({ onError: (error) => setServerError(error.message) })
  const files = counted.data?.files
  return (
    <MovePathModal
      title="Move folder"
      description={
        counted.isPending ? `From ${path}/ (counting its files…)` : counted.isError ? `From ${path}/` : `From ${path}/: ${files} file${files === 1 ? '' : 's'} will move with it`
      }
      label="New folder path"
      hint="Everything under the folder moves, e.g. archive/2024"
      submitLabel="Move folder"
      from={path}
      normalize={(typed) => typed.trim().replace(/^\/+|\/+$/g, '')}
      problemOf={(target) => folderProblem(path, target)}
      pending={move.isPending}
      error={serverError ?? (counted.isError ? `The files could not be counted: ${counted.error.message}` : null)}
      errorTitle="The folder was not moved"
      onClose={onClose}
      onAttempt={() => setServerError(null)}
      onSubmit={(target) =>
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
      }
    />
  )
}
