import { QueryPerformanceScreen } from '@/components/interfaces/Advisors/QueryPerformanceScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

/** spec §2: /project/{ref}/advisors/query-performance. */
export default function QueryPerformancePage() {
  return <ProjectPage title="Query performance">{(projectRef) => <QueryPerformanceScreen projectRef={projectRef} />}</ProjectPage>
}
