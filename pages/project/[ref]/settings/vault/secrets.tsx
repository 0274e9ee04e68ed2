import { VaultSecretsScreen } from '@/components/interfaces/Vault/VaultSecretsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function VaultSecretsPage() {
  return <ProjectPage title="Vault secrets">{(projectRef) => <VaultSecretsScreen projectRef={projectRef} />}</ProjectPage>
}
