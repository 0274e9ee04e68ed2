import { ProjectHomeScreen } from '@/components/interfaces/ProjectHome/ProjectHomeScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

/** spec §2: the landing when the platform flag is off (self-hosted): the home of the one project. */
const DEFAULT_PROJECT_REF = 'default'

export default function DefaultProjectPage() {
  return (
    <ProjectLayout projectRef={DEFAULT_PROJECT_REF} title="Project overview">
      <div className="page">
        <ProjectHomeScreen projectRef={DEFAULT_PROJECT_REF} />
      </div>
    </ProjectLayout>
  )
}
