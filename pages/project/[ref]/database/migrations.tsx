import { MigrationsScreen } from '@/components/interfaces/Database/MigrationsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function MigrationsPage() {
  return <ProjectPage title="Migrations">{(projectRef) => <MigrationsScreen projectRef={projectRef} />}</ProjectPage>
}
