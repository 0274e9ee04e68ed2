import { useRouter } from 'next/router'
import { SecurityAdvisorRoute } from '@/components/interfaces/Advisors/SecurityAdvisorRoute'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

/** spec §2: the security advisor, with its rules, while the advisor rules preview is on. */
export default function SecurityAdvisorRulesPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Security Advisor">
      {ref && <SecurityAdvisorRoute projectRef={ref} atRulesPath />}
    </ProjectLayout>
  )
}
