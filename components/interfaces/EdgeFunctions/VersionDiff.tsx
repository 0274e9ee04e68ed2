import dynamic from 'next/dynamic'
import { useId, useState } from 'react'
import { EditorLoading } from '@/components/ui/EditorLoading'
import { ErrorState } from '@/components/ui/ErrorState'
import { useFunctionVersionQuery } from '@/data/functions/function-versions-query'
import type { EdgeFunctionDetail } from '@/lib/api-types/functions'
import { sortFiles } from './function-files'
import common from './EdgeFunctions.module.css'
import styles from './FunctionCode.module.css'

const FunctionDiffEditor = dynamic(() => import('./FunctionDiffEditor').then((m) => m.FunctionDiffEditor), { ssr: false, loading: () => <EditorLoading /> })

/** One version's files against the serving version's, file by file. */
export function VersionDiff({ projectRef, fn, version }: { projectRef: string; fn: EdgeFunctionDetail; version: number }) {
  const id = useId()
  const other = useFunctionVersionQuery({ projectRef, slug: fn.slug, version })
  const [picked, setPicked] = useState<string | null>(null)

  if (other.isError) return <ErrorState title={`Failed to load version ${version}`} error={other.error} onRetry={() => void other.refetch()} />
  if (other.isPending) return <EditorLoading />

  const names = sortFiles([...new Map([...other.data.files, ...fn.files].map((f) => [f.name, f])).values()]).map((f) => f.name)
  const fileName = picked && names.includes(picked) ? picked : names[0]
  const content = (files: { name: string; content: string }[]) => files.find((f) => f.name === fileName)?.content ?? ''
  const changed = names.filter((name) => other.data.files.find((f) => f.name === name)?.content !== fn.files.find((f) => f.name === name)?.content)

  return (
    <section className={styles.diffSection} aria-label={`Version ${version} against version ${fn.version}`}>
      <div className={common.toolbar}>
        <h2 className={common.sectionTitle}>
          Version {version} → version {fn.version} (serving)
        </h2>
        <div className="field">
          <label htmlFor={`${id}-file`} className="visually-hidden">
            File
          </label>
          <select id={`${id}-file`} className="select" value={fileName} onChange={(e) => setPicked(e.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
                {changed.includes(name) ? ' (changed)' : ''}
              </option>
            ))}
          </select>
        </div>
      </div>
      {changed.length === 0 && <p className="muted">The two versions have the same files.</p>}
      <FunctionDiffEditor
        fileName={fileName}
        original={content(other.data.files)}
        modified={content(fn.files)}
        originalLabel={`Version ${version}`}
        modifiedLabel={`Version ${fn.version} (serving)`}
      />
    </section>
  )
}
