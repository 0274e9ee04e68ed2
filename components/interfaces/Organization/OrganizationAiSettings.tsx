import { useState } from 'react'
import { toast } from 'sonner'
import { Toggle } from '@/components/ui/Toggle'
import { useOrganizationUpdateMutation } from '@/data/organizations/organization-update-mutation'
import type { Organization } from '@/data/organizations/organizations-query'
import { OPT_IN_KEY_LIST, OPT_IN_KEYS, type OptInKey } from '@/lib/catalogue/opt-in'
import styles from './Settings.module.css'

/** The words of each opt-in key (spec §3 "Opt-in keys"), in the catalogue's order. */
const OPT_INS: { key: OptInKey; label: string; description: string }[] = [
  {
    key: OPT_IN_KEYS.aiSqlGenerator,
    label: 'Send my database schema to the model',
    description: 'The assistant may read the names and columns of your tables to write and explain SQL.',
  },
  {
    key: OPT_IN_KEYS.aiDataGenerator,
    label: 'Send query results (row data) to the model',
    description: 'The assistant may run read-only queries and send the rows they return to the model.',
  },
  {
    key: OPT_IN_KEYS.aiLogGenerator,
    label: 'Send log lines to the model',
    description: 'The assistant may search your project’s logs and send the lines it finds to the model.',
  },
]

/** `tags` with `key` turned on or off, in the catalogue's order. */
export function withOptIn(tags: readonly OptInKey[], key: OptInKey, on: boolean): OptInKey[] {
  return OPT_IN_KEY_LIST.filter((k) => (k === key ? on : tags.includes(k)))
}

export type OrganizationAiSettingsProps = {
  organization: Organization
  /** Owners and Admins change the opt-ins (hosted). */
  canEdit: boolean
  /** False self-hosted: the AI_OPT_IN setting decides, and the section only shows it. */
  hosted: boolean
}

/** "AI assistant": what the organization lets the assistant send to the model (opt_in_tags). */
export function OrganizationAiSettings({ organization, canEdit, hosted }: OrganizationAiSettingsProps) {
  const [error, setError] = useState<string | null>(null)
  const update = useOrganizationUpdateMutation({
    onSuccess: () => toast.success('AI assistant settings saved'),
    onError: (err) => setError(err.message),
  })
  // The requested tags show while the platform answers; a refusal brings the saved ones back.
  const tags = update.isPending && update.variables?.opt_in_tags ? update.variables.opt_in_tags : organization.opt_in_tags
  const editable = hosted && canEdit

  return (
    <section className={`card ${styles.card}`} aria-labelledby="org-ai-title">
      <h2 id="org-ai-title">AI assistant</h2>
      <p className="muted">What the project assistant may send to the model that answers it. Without these, it answers from your question alone.</p>
      {OPT_INS.map(({ key, label, description }) => (
        <Toggle
          key={key}
          label={label}
          description={description}
          checked={tags.includes(key)}
          disabled={!editable || update.isPending}
          onChange={(on) => {
            setError(null)
            update.mutate({ slug: organization.slug, opt_in_tags: withOptIn(tags, key, on) })
          }}
        />
      ))}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {!hosted && <p className="field-hint">These values come from the server’s AI_OPT_IN setting; change them there.</p>}
      {hosted && !canEdit && <p className="field-hint">Only an Owner or an Admin can change these settings.</p>}
    </section>
  )
}
