import { useRouter } from 'next/router'
import { LogsExplorer } from '@/components/interfaces/Logs/LogsExplorer'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function LogsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Logs">
      {ref && <LogsExplorer projectRef={ref} />}
    </ProjectLayout>
  )
}
