import { RealtimeInspectorScreen } from '@/components/interfaces/Realtime/RealtimeInspectorScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function RealtimeInspectorPage() {
  return <ProjectPage title="Realtime inspector">{(projectRef) => <RealtimeInspectorScreen projectRef={projectRef} />}</ProjectPage>
}
