import Link from 'next/link'
import { Badge } from '@/components/ui/Badge'
import { Tooltip } from '@/components/ui/Tooltip'
import { extensionLink } from '@/lib/catalogue/extensions'
import { enableBlockReason, type ExtensionEntry } from '@/lib/database/extensions'
import { WriteButton } from '@/components/ui/WriteButton'
import styles from './Database.module.css'

type ExtensionCardProps = {
  entry: ExtensionEntry
  projectRef: string
  writeBlockedReason: string | null
  onEnable: () => void
  onDisable: () => void
}

/** One extension: state, description, tags, its dashboard screen when enabled, Enable / Disable. */
export function ExtensionCard({ entry, projectRef, writeBlockedReason, onEnable, onDisable }: ExtensionCardProps) {
  const blocked = enableBlockReason(entry)
  const link = entry.enabled && entry.catalogue ? extensionLink(entry.catalogue, projectRef) : null
  const headingId = `extension-${entry.name}`
  return (
    <article className={`card ${styles.extensionCard}`} aria-labelledby={headingId}>
      <div className={styles.cardTop}>
        <h2 id={headingId}>{entry.name}</h2>
        <div className={styles.badges}>
          {entry.enabled && <Badge variant="brand">Enabled</Badge>}
          {!entry.available && !entry.enabled && <Badge>Not available</Badge>}
          {entry.deprecated && <Badge variant="warning">Deprecated</Badge>}
          {!entry.inCatalogue && <Badge>Server only</Badge>}
        </div>
      </div>
      <p className={styles.comment}>{entry.comment || 'No description.'}</p>
      {blocked && entry.available && <p className="field-hint" style={{ margin: 0 }}>{blocked}</p>}
      {entry.tags.length > 0 && (
        <div className={styles.badges} aria-label="Tags">
          {entry.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </div>
      )}
      <div className={styles.cardFoot}>
        <span className="muted">
          {entry.enabled
            ? `v${entry.installedVersion}${entry.schema ? ` in ${entry.schema}` : ''}`
            : entry.available
              ? `v${entry.defaultVersion} available`
              : 'Not on this server'}
        </span>
        <span className={styles.actions}>
          {link && (
            <Link className="btn btn-sm" href={link}>
              Open {entry.catalogue?.product ?? 'screen'}
            </Link>
          )}
          {entry.catalogue?.github_url && (
            <a className="btn btn-sm btn-ghost" href={entry.catalogue.github_url} target="_blank" rel="noreferrer" aria-label={`Source of ${entry.name}`}>
              Source
            </a>
          )}
          {entry.enabled ? (
            <WriteButton blockedReason={writeBlockedReason} className="btn btn-sm" onClick={onDisable} aria-label={`Disable ${entry.name}`}>
              Disable
            </WriteButton>
          ) : blocked ? (
            <Tooltip content={blocked}>
              <button type="button" className="btn btn-sm" aria-disabled="true" aria-label={`Enable ${entry.name} (unavailable: ${blocked})`} style={{ opacity: 0.55, cursor: 'not-allowed' }}>
                Enable
              </button>
            </Tooltip>
          ) : (
            <WriteButton blockedReason={writeBlockedReason} className="btn btn-sm btn-primary" onClick={onEnable} aria-label={`Enable ${entry.name}`}>
              Enable
            </WriteButton>
          )}
        </span>
      </div>
    </article>
  )
}
