import { ColumnPrivilegesScreen } from '@/components/interfaces/Database/ColumnPrivilegesScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function ColumnPrivilegesPage() {
  return <ProjectPage title="Column privileges">{(projectRef) => <ColumnPrivilegesScreen projectRef={projectRef} />}</ProjectPage>
}
