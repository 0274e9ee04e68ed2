import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { DEFAULT_DIALOG_SIZE, type DialogSize } from '@/lib/constants'
import styles from './Modal.module.css'

/** Largest width of each dialog size (spec §9 "Dialog sizes"); narrower screens get the viewport. */
export const MODAL_WIDTHS: Record<DialogSize, string> = {
  tiny: '360px',
  small: '448px',
  medium: '576px',
  large: '768px',
  xlarge: '896px',
  xxlarge: '1024px',
  xxxlarge: '1200px',
}

export type ModalProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** Shown under the title and announced as the dialog's description. */
  description?: ReactNode
  /** Actions row at the bottom (e.g. Cancel / Confirm). */
  footer?: ReactNode
  size?: DialogSize
  /** Hides the title visually; it still names the dialog for screen readers. */
  hideTitle?: boolean
  /** Drops the body padding, for content that lays itself out edge to edge. */
  flush?: boolean
  children?: ReactNode
  className?: string
  /** `side`: a panel along the window's right edge (the table panel), still a modal dialog. */
  placement?: 'center' | 'side'
}

/** A dialog on Radix Dialog: focus trap, Escape and an accessible close button. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  footer,
  size = DEFAULT_DIALOG_SIZE,
  hideTitle = false,
  flush = false,
  children,
  className,
  placement = 'center',
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={[styles.content, className].filter(Boolean).join(' ')}
          data-size={size}
          data-placement={placement}
          style={{ maxWidth: MODAL_WIDTHS[size] }}
          // Radix warns when a dialog has no description unless told there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className={styles.header}>
            <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Dialog.Title>
            {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
            <Dialog.Close className={`btn btn-ghost btn-sm ${styles.close}`} aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <div className={flush ? styles.bodyFlush : styles.body}>{children}</div>
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
