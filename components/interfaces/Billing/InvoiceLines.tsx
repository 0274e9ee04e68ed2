import { dataTableClasses } from '@/components/ui/DataTable'
import type { InvoiceLine as BillingLine } from '@/lib/api-types/billing'
import { formatCurrency } from '@/lib/formatting'
import { centsToDollars } from './Billing.utils'
import styles from './Billing.module.css'
import planStyles from './PlanTable.module.css'

/** The lines of an invoice and its total; amounts arrive in cents. */
export function InvoiceLines({ lines, total, labelledBy }: { lines: BillingLine[]; total: number; labelledBy?: string }) {
  return (
    <div className={dataTableClasses.scroll}>
      <table className={`${dataTableClasses.table} ${planStyles.table}`} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className={planStyles.num}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={`${line.description}-${i}`}>
              <td>{line.description}</td>
              <td className={planStyles.num}>{formatCurrency(centsToDollars(line.amount))}</td>
            </tr>
          ))}
          <tr className={styles.totalRow}>
            <th scope="row">Total</th>
            <td className={planStyles.num}>{formatCurrency(centsToDollars(total))}</td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}
