import { useRouter } from 'next/router'
import { RealtimeInspectorScreen } from '@/components/interfaces/Realtime/RealtimeInspectorScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function RealtimeInspectorPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Realtime inspector">
      {ref && <RealtimeInspectorScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
