import { Admonition } from '@/components/ui/Admonition'

/** The message shown where billing needs a role the user does not have. */
export const NO_BILLING_PERMISSION_TITLE = 'You need additional permissions to view billing'

/** A section (or the whole page) that only Owners and Admins may see. */
export function BillingPermissionNote({ what }: { what?: string }) {
  return (
    <Admonition title={what ? `You need additional permissions to view ${what}` : NO_BILLING_PERMISSION_TITLE} role="note">
      Only Owners and Admins of this organization can view and manage its billing. Ask one of them to change your role.
    </Admonition>
  )
}
