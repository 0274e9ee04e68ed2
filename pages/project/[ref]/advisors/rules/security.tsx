import { SecurityAdvisorRoute } from '@/components/interfaces/Advisors/SecurityAdvisorRoute'
import { ProjectPage } from '@/components/layouts/ProjectPage'

/** spec §2: the security advisor, with its rules, while the advisor rules preview is on. */
export default function SecurityAdvisorRulesPage() {
  return <ProjectPage title="Security Advisor">{(projectRef) => <SecurityAdvisorRoute projectRef={projectRef} atRulesPath />}</ProjectPage>
}
