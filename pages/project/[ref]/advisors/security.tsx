import { useRouter } from 'next/router'
import { SecurityAdvisorRoute } from '@/components/interfaces/Advisors/SecurityAdvisorRoute'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

/** spec §2: the security advisor while the advisor rules preview is off. */
export default function SecurityAdvisorPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Security Advisor">
      {ref && <SecurityAdvisorRoute projectRef={ref} atRulesPath={false} />}
    </ProjectLayout>
  )
}
