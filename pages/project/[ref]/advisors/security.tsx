import { SecurityAdvisorRoute } from '@/components/interfaces/Advisors/SecurityAdvisorRoute'
import { ProjectPage } from '@/components/layouts/ProjectPage'

/** spec §2: the security advisor while the advisor rules preview is off. */
export default function SecurityAdvisorPage() {
  return <ProjectPage title="Security Advisor">{(projectRef) => <SecurityAdvisorRoute projectRef={projectRef} atRulesPath={false} />}</ProjectPage>
}
