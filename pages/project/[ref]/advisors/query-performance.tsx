import { useRouter } from 'next/router'
import { QueryPerformanceScreen } from '@/components/interfaces/Advisors/QueryPerformanceScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

/** spec §2: /project/{ref}/advisors/query-performance. */
export default function QueryPerformancePage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Query performance">
      {ref && <QueryPerformanceScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
