import { useRouter } from 'next/router'
import { ProjectApiScreen } from '@/components/interfaces/ProjectApi/ProjectApiScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function ProjectApiSettingsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="API settings">
      {ref && <ProjectApiScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
