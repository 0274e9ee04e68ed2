import { useRouter } from 'next/router'
import { VaultSecretsScreen } from '@/components/interfaces/Vault/VaultSecretsScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function VaultSecretsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Vault secrets">
      {ref && <VaultSecretsScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
