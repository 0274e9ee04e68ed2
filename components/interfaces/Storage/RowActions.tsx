import type { FileEntry } from './file-entry'

type Props = { entry: FileEntry; canWrite: boolean; canCopy: boolean; onCopyUrl: () => void; onMoveFolder: () => void }

/** A listing row's own actions: a file's URL to copy, a folder to move or rename (everything under it goes too). */
export function RowActions({ entry, canWrite, canCopy, onCopyUrl, onMoveFolder }: Props) {
  if (entry.folder) {
    return canWrite ? (
      <button type="button" className="btn btn-sm" onClick={onMoveFolder} aria-label={`Move folder ${entry.name}`}>
        Move
      </button>
    ) : null
  }
  return (
    <button type="button" className="btn btn-sm" onClick={onCopyUrl} disabled={!canCopy} aria-label={`Copy URL of ${entry.name}`}>
      Copy URL
    </button>
  )
}
