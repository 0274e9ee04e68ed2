import common from './EdgeFunctions.module.css'
import styles from './FunctionCode.module.css'

export type BuildResult = { ok: true; version: number; output: string } | { ok: false; message: string; output: string | null }

/** What the bundler printed for the last deploy, success or failure. */
export function BuildOutput({ result, onClose }: { result: BuildResult; onClose: () => void }) {
  const title = result.ok ? `Deployed version ${result.version}` : 'Deploy failed'
  return (
    <section className={styles.buildOutput} data-ok={result.ok} aria-label="Build output">
      <header className={styles.buildHeader}>
        <strong role={result.ok ? 'status' : 'alert'}>{title}</strong>
        {!result.ok && <span>{result.message}</span>}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onClose} aria-label="Close the build output">
          Close
        </button>
      </header>
      <pre className={`${common.pre} ${styles.buildText}`}>{result.output?.trim() || (result.ok ? 'The bundler printed nothing.' : 'No build output.')}</pre>
    </section>
  )
}
