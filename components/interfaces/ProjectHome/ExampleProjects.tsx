import { getConfig } from '@/lib/config'
import { parseExampleProjects } from './ProjectHome.utils'
import { CardSection } from './CardSection'
import styles from './ProjectHome.module.css'

/** spec §3 custom content: example projects of the deployment; hidden while the slot is null. */
export function ExampleProjects() {
  const examples = parseExampleProjects(getConfig().customContent.projectHomepageExampleProjects)
  if (!examples) return null
  return (
    <CardSection id="example-projects" title="Example projects" items={examples} itemKey={(example) => example.url}>
      {(example) => (
        <a className={`card ${styles.libCard}`} href={example.url} target="_blank" rel="noopener noreferrer">
          <span className={styles.libName}>{example.title}</span>
          {example.description && <span className="muted">{example.description}</span>}
        </a>
      )}
    </CardSection>
  )
}
