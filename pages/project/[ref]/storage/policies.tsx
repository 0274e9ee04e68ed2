import { useRouter } from 'next/router'
import { StoragePoliciesScreen } from '@/components/interfaces/Storage/StoragePoliciesScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function StoragePoliciesPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Storage policies">
      {ref && <StoragePoliciesScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
