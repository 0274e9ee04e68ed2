import { CopyButton } from '@/components/ui/CopyButton'
import { codeBlockClass } from '@/components/ui/SqlPreview'
import { Modal } from '@/components/ui/Modal'
import { isJsonType, viewerText } from './TableEditor.utils'

export type ViewedCell = { column: string; dataType: string; value: unknown; rowNumber: number }

/** The whole value of one cell: JSON pretty-printed, long text wrapped; copyable. */
export function CellViewerModal({ cell, onClose }: { cell: ViewedCell; onClose: () => void }) {
  const text = viewerText(cell.value, cell.dataType)
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${cell.column} of row ${cell.rowNumber}`}
      description={isJsonType(cell.dataType) ? `${cell.dataType} value, formatted` : cell.dataType}
      size="large"
      footer={<CopyButton text={text} label="Copy value" />}
    >
      <pre className={codeBlockClass} aria-label="Cell value">
        {text}
      </pre>
    </Modal>
  )
}
