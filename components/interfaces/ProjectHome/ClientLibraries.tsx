import { Badge } from '@/components/ui/Badge'
import { CLIENT_LIBRARIES } from '@/lib/catalogue/client-libraries'
import { CardSection } from './CardSection'
import styles from './ProjectHome.module.css'

/** spec §3: client libraries on the project homepage, with support level, release state and links. */
export function ClientLibraries() {
  return (
    <CardSection id="client-libraries" title="Client libraries" items={CLIENT_LIBRARIES} itemKey={(lib) => lib.language}>
      {(lib) => (
        <div className={`card ${styles.libCard}`}>
          <div className={styles.libTop}>
            <span className={styles.libName}>{lib.language}</span>
            <Badge variant={lib.officialSupport ? 'brand' : 'default'}>{lib.officialSupport ? 'Official' : 'Community'}</Badge>
            {lib.releaseState && <Badge variant="warning">{lib.releaseState}</Badge>}
          </div>
          <div className={styles.links}>
            <a href={lib.docsUrl} target="_blank" rel="noopener noreferrer" aria-label={`Docs for ${lib.language} (opens in a new tab)`}>
              Docs
            </a>
            <a href={lib.gitUrl} target="_blank" rel="noopener noreferrer" aria-label={`Source of the ${lib.language} library (opens in a new tab)`}>
              Source
            </a>
          </div>
        </div>
      )}
    </CardSection>
  )
}
