import { useId, useState } from 'react'
import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { SelectField } from '@/components/ui/Field'
import { useProjectUserUpdateMutation } from '@/data/project-auth/user-update-mutation'
import type { ProjectUser } from '@/data/project-auth/users-query'
import { BAN_DURATIONS, userName } from './project-auth.utils'

/** Bans a user for a chosen time (24 hours, 7 days or for good): they cannot sign in meanwhile. */
export function BanUserModal({ projectRef, user, onClose }: { projectRef: string; user: ProjectUser; onClose: () => void }) {
  const id = useId()
  const name = userName(user)
  const [duration, setDuration] = useState<string>(BAN_DURATIONS[0].value)
  const update = useProjectUserUpdateMutation({
    onSuccess: () => {
      toast.success(`${name} banned`)
      onClose()
    },
  })
  return (
    <ConfirmModal
      title={`Ban ${name}?`}
      confirmLabel="Ban user"
      pendingLabel="Banning…"
      pending={update.isPending}
      onConfirm={() => update.mutate({ projectRef, id: user.id, ban_duration: duration })}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>Until the ban ends, {name} cannot sign in. You can lift it at any time.</p>
      <SelectField id={`${id}-duration`} label="Ban for" value={duration} onChange={(e) => setDuration(e.target.value)} options={BAN_DURATIONS} />
    </ConfirmModal>
  )
}
