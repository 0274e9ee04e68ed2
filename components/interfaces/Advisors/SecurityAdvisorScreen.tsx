import { NavTabs } from '@/components/ui/NavTabs'
import { AdvisorFindings } from './AdvisorFindings'
import { AdvisorRulesPanel } from './AdvisorRulesPanel'
import styles from './Advisors.module.css'

type SecurityAdvisorScreenProps = {
  projectRef: string
  /** The advisor rules preview is on (the screen lives at /advisors/rules/security). */
  rulesPreview: boolean
  /** Which tab, with the preview on: the findings or the rules. */
  view: 'findings' | 'rules'
}

/** spec §2: the security advisor, with the rules tab when the advisor rules preview is on. */
export function SecurityAdvisorScreen({ projectRef, rulesPreview, view }: SecurityAdvisorScreenProps) {
  const base = `/project/${projectRef}/advisors/rules/security`
  const rulesHref = `${base}?view=rules`
  const showRules = rulesPreview && view === 'rules'
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Security Advisor</h1>
          <p className="muted">Checks of the project&apos;s database for security problems: row level security, exposed objects, privileges.</p>
        </div>
      </div>
      {rulesPreview && (
        <NavTabs
          label="Security advisor"
          tabs={[
            { label: 'Findings', href: base },
            { label: 'Rules', href: rulesHref },
          ]}
          current={showRules ? rulesHref : base}
          className={styles.tabs}
        />
      )}
      {showRules ? (
        <AdvisorRulesPanel projectRef={projectRef} />
      ) : (
        <AdvisorFindings projectRef={projectRef} category="SECURITY" rulesHref={rulesPreview ? rulesHref : null} />
      )}
    </div>
  )
}
