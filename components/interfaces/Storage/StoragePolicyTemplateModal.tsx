import { Modal } from '@/components/ui/Modal'
import { STORAGE_POLICY_TEMPLATES, type StoragePolicyTemplate } from '@/lib/storage/policy-templates'
import styles from './Policies.module.css'

/** The first step of a new storage policy: pick a template; its SQL is shown next, before it runs. */
export function StoragePolicyTemplateModal({ bucket, onPick, onClose }: { bucket: string; onPick: (template: StoragePolicyTemplate) => void; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`New policy for ${bucket}`} description="Start from a template; you see its SQL before it runs." size="medium">
      <ul className={styles.templates} aria-label="Templates">
        {STORAGE_POLICY_TEMPLATES.map((template) => (
          <li key={template.id}>
            <button type="button" className={`btn ${styles.template}`} onClick={() => onPick(template)}>
              {template.label}
              <span>{template.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  )
}
