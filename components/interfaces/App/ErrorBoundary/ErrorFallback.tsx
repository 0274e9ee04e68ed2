import { useRouter } from 'next/router'
import { useState, type MouseEvent } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { BASE_PATH, isPlatform } from '@/lib/config'
import {
  APPLICATION_ERROR_TEXT,
  DOM_MANIPULATION_INFO_URL,
  ERROR_SCREEN_TITLE,
  buildSupportUrl,
  clearBrowserStorageAndReload,
  errorClipboardText,
  isDomManipulationError,
} from './ErrorBoundary.utils'
import styles from './ErrorFallback.module.css'

export type ErrorFallbackProps = {
  error: Error
  reportId: string | null
  /** Where "Return to dashboard" goes; the mode's landing by default (spec §2). */
  landingPath?: string
  /** Clears the boundary so its children render again. */
  onReset: () => void
}

/** spec §2: /organizations on the hosted platform, /project/default when self-hosted. */
function defaultLanding(): string {
  return isPlatform() ? '/organizations' : '/project/default'
}

function reload(event: MouseEvent) {
  event.preventDefault()
  window.location.reload()
}

/** The global error screen (spec §2 overlay 4, §8). */
export function ErrorFallback({ error, reportId, landingPath, onReset }: ErrorFallbackProps) {
  const router = useRouter()
  const [returning, setReturning] = useState(false)
  const domError = isDomManipulationError(error)
  // Plain links (full page loads) for leaving the screen: after a crash a fresh page is the
  // safest place to continue, and they work even if client-side routing is what broke.
  const supportHref = `${BASE_PATH}${buildSupportUrl({ error, reportId, pathname: window.location.pathname })}`
  const logoutHref = `${BASE_PATH}/logout`

  const returnToDashboard = () => {
    setReturning(true)
    // Navigate first, then reset: resetting on the broken page would only throw again.
    Promise.resolve()
      .then(() => router.push(landingPath ?? defaultLanding()))
      .catch(() => undefined)
      .finally(onReset)
  }

  return (
    <main className={styles.screen}>
      <section className={`card ${styles.panel}`} role="alert" aria-labelledby="app-error-title">
        <h1 id="app-error-title">{ERROR_SCREEN_TITLE}</h1>
        <p className="muted">{APPLICATION_ERROR_TEXT}</p>

        {domError ? (
          <div className="admonition admonition-warning">
            <div>
              <p className="admonition-title">This error may be caused by a page translation service or browser extensions</p>
              <p>
                Translation tools and some browser extensions change the page underneath the dashboard, which can break
                it. Turn them off for this site, then refresh the page.
              </p>
              <p className={styles.links}>
                <a href={window.location.href} onClick={reload}>
                  Refresh
                </a>
                <a href={DOM_MANIPULATION_INFO_URL} target="_blank" rel="noreferrer">
                  More information
                </a>
              </p>
              <p>
                <strong>Still stuck?</strong> Contact support and include the error below.
              </p>
            </div>
          </div>
        ) : (
          <div>
            <h2 className={styles.subtitle}>Things to try</h2>
            <ol className={styles.steps}>
              <li>
                <a href={window.location.href} onClick={reload}>
                  Refresh the page
                </a>
                .
              </li>
              <li>
                <a href={logoutHref}>Sign out</a> and sign back in.
              </li>
              <li>
                Clear your browser storage (this signs you out and resets local preferences).{' '}
                <button type="button" className="btn btn-sm" onClick={() => clearBrowserStorageAndReload()}>
                  Clear browser storage
                </button>
              </li>
              <li>Disable browser extensions, then try again.</li>
              <li>If none of this helps, contact support with the button below.</li>
            </ol>
          </div>
        )}

        <pre className={styles.error} aria-label="Error message">
          {error.message || error.name}
        </pre>
        {reportId && <p className="field-hint">Error report id: {reportId}</p>}

        <div className={`button-row ${styles.actions}`}>
          <a className="btn btn-primary" href={supportHref}>
            Contact support
          </a>
          <button type="button" className="btn" onClick={returnToDashboard} disabled={returning}>
            Return to dashboard
          </button>
          <CopyButton text={() => errorClipboardText(error)} label="Copy error" className="btn" />
        </div>
      </section>
    </main>
  )
}
