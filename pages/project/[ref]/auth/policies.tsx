import { useRouter } from 'next/router'
import { PoliciesScreen } from '@/components/interfaces/ProjectAuth/PoliciesScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function AuthPoliciesPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Policies">
      {ref && <PoliciesScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
