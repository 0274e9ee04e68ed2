import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { Spinner } from '@/components/ui/Spinner'

/** `/project/{ref}/settings/vault` opens the secrets. */
export default function VaultIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  useEffect(() => {
    if (ref) void router.replace(`/project/${ref}/settings/vault/secrets`)
  }, [ref])
  return (
    <ProjectLayout projectRef={ref} title="Vault secrets">
      <Spinner label="Opening the vault" />
    </ProjectLayout>
  )
}
