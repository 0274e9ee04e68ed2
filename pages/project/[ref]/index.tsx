import { useRouter } from 'next/router'
import { ProjectHomeScreen } from '@/components/interfaces/ProjectHome/ProjectHomeScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function ProjectHomePage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Project overview">
      <div className="page">{ref && <ProjectHomeScreen projectRef={ref} />}</div>
    </ProjectLayout>
  )
}
