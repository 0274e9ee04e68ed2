import { useRouteParam } from '@/hooks/use-route-param'
import { ProjectHomeScreen } from '@/components/interfaces/ProjectHome/ProjectHomeScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function ProjectHomePage() {
  const ref = useRouteParam('ref')
  return (
    <ProjectLayout projectRef={ref} title="Project overview">
      <div className="page">{ref && <ProjectHomeScreen projectRef={ref} />}</div>
    </ProjectLayout>
  )
}
