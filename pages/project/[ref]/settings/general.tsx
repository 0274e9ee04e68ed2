import { useRouter } from 'next/router'
import { ProjectGeneralScreen } from '@/components/interfaces/ProjectSettings/ProjectGeneralScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function ProjectGeneralSettingsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="General settings">
      {ref && <ProjectGeneralScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
