import { LogsExplorer } from '@/components/interfaces/Logs/LogsExplorer'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function LogsPage() {
  return <ProjectPage title="Logs">{(projectRef) => <LogsExplorer projectRef={projectRef} />}</ProjectPage>
}
