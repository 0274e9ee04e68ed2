import { CopyButton } from '@/components/ui/CopyButton'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { codeBlockClass } from '@/components/ui/SqlPreview'
import { useProjectApiEndpoint } from '@/hooks/use-project-api-endpoint'
import { clientSetupSnippet } from '@/lib/api-docs/snippets'
import styles from './ProjectHome.module.css'

/** The project's URL and anon key (every member may use it) with a copyable `supabase-js` setup, beside the client libraries. */
export function ConnectAppCard({ projectRef }: { projectRef: string }) {
  const { url, anonKey, error, retry, retrying } = useProjectApiEndpoint(projectRef)

  let content
  if (error) {
    content = <ErrorState title="Failed to load the project's API" error={error} onRetry={retry} retrying={retrying} />
  } else if (!url || !anonKey) {
    content = <SkeletonLines lines={3} label="Loading the project URL and key" />
  } else {
    const snippet = clientSetupSnippet(url, anonKey)
    content = (
      <>
        <h3 className={styles.connectLabel}>Project URL</h3>
        <div className={styles.connection}>
          <code data-testid="project-url">{url}</code>
          <CopyButton text={url} aria-label="Copy project URL" />
        </div>
        <h3 className={styles.connectLabel}>anon key (public)</h3>
        <div className={styles.connection}>
          <code data-testid="anon-key" className={styles.wrapped}>{anonKey}</code>
          <CopyButton text={anonKey} aria-label="Copy anon key" />
        </div>
        <p className="field-hint">Safe in a browser when row level security is on: it can do only what your policies allow.</p>
        <pre className={codeBlockClass} aria-label="Setup snippet">
          {snippet}
        </pre>
        <div>
          <CopyButton text={snippet} label="Copy snippet" />
        </div>
      </>
    )
  }

  return (
    <section className={`card ${styles.connect}`} aria-labelledby="connect-app-title">
      <h2 id="connect-app-title">Connect your app</h2>
      {content}
    </section>
  )
}
