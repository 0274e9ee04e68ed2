import { useState } from 'react'
import type { FunctionFile } from '@/lib/api-types/functions'
import { FUNCTION_ENTRYPOINT } from '@/lib/functions/rules'
import { fileNameProblem } from './function-files'
import styles from './FunctionCode.module.css'

type Props = {
  files: FunctionFile[]
  selected: string
  readOnly: boolean
  onSelect: (name: string) => void
  onAdd: (name: string) => void
  onRename: (from: string, to: string) => void
  onDelete: (name: string) => void
}

/** The function's files: pick one to edit; add, rename or delete any but index.ts. */
export function FunctionFileList({ files, selected, readOnly, onSelect, onAdd, onRename, onDelete }: Props) {
  // `renaming` null: adding a new file when `naming` is true.
  const [naming, setNaming] = useState<{ from: string | null; value: string } | null>(null)
  const problem = naming ? fileNameProblem(naming.value.trim(), files, naming.from ?? undefined) : null

  function commit() {
    if (!naming || problem) return
    const name = naming.value.trim()
    if (naming.from === null) onAdd(name)
    else if (name !== naming.from) onRename(naming.from, name)
    setNaming(null)
  }

  const nameForm = (label: string) => (
    <form
      className={styles.fileForm}
      onSubmit={(e) => {
        e.preventDefault()
        commit()
      }}
    >
      <input
        className="input mono"
        aria-label={label}
        autoFocus
        value={naming?.value ?? ''}
        aria-invalid={problem && naming?.value ? true : undefined}
        onChange={(e) => setNaming((n) => n && { ...n, value: e.target.value })}
        onKeyDown={(e) => e.key === 'Escape' && setNaming(null)}
      />
      {naming?.value && problem && <span className="field-error">{problem}</span>}
      <div className={styles.fileFormActions}>
        <button type="submit" className="btn btn-sm btn-primary" disabled={Boolean(problem)}>
          {naming?.from === null ? 'Add' : 'Rename'}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setNaming(null)}>
          Cancel
        </button>
      </div>
    </form>
  )

  return (
    <nav className={styles.fileList} aria-label="Files">
      <ul>
        {files.map((file) => (
          <li key={file.name}>
            {naming?.from === file.name ? (
              nameForm(`New name of ${file.name}`)
            ) : (
              <div className={styles.fileRow}>
                <button type="button" className={`mono ${styles.fileButton}`} aria-current={file.name === selected ? 'true' : undefined} onClick={() => onSelect(file.name)}>
                  {file.name}
                </button>
                {!readOnly && file.name !== FUNCTION_ENTRYPOINT && (
                  <span className={styles.fileActions}>
                    <button type="button" className="btn btn-sm btn-ghost" aria-label={`Rename ${file.name}`} onClick={() => setNaming({ from: file.name, value: file.name })}>
                      Rename
                    </button>
                    <button type="button" className="btn btn-sm btn-ghost" aria-label={`Delete ${file.name}`} onClick={() => onDelete(file.name)}>
                      Delete
                    </button>
                  </span>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {!readOnly &&
        (naming?.from === null ? (
          nameForm('New file name')
        ) : (
          <button type="button" className="btn btn-sm" onClick={() => setNaming({ from: null, value: '' })}>
            Add file
          </button>
        ))}
    </nav>
  )
}
