import { useRouter } from 'next/router'
import { AuthSettingsScreen } from '@/components/interfaces/ProjectAuth/AuthSettingsScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function AuthSettingsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Auth settings">
      {ref && <AuthSettingsScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
