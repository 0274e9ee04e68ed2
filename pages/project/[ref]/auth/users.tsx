import { useRouter } from 'next/router'
import { AuthUsersScreen } from '@/components/interfaces/ProjectAuth/AuthUsersScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function AuthUsersPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Users">
      {ref && <AuthUsersScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
