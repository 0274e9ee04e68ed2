import { dataTableClasses } from '@/components/ui/DataTable'
import { featureMatrixBySection, type FeatureValue } from '@/lib/catalogue/feature-matrix'
import { PLAN_IDS, PLAN_TIERS, findPlanTier, type PlanId } from '@/lib/catalogue/plans'
import { planRolesText } from './Billing.utils'
import planStyles from './PlanTable.module.css'

function Value({ value }: { value: FeatureValue }) {
  if (value === true) {
    return (
      <>
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">Included</span>
      </>
    )
  }
  if (value === false) {
    return (
      <>
        <span aria-hidden="true" className="muted">
          –
        </span>
        <span className="visually-hidden">Not available</span>
      </>
    )
  }
  return <>{value}</>
}

/** spec §9 feature matrix, one column per plan, with the price and the organization roles of spec §6. */
export function FeatureMatrixTable({ currentPlanId }: { currentPlanId?: PlanId }) {
  const sections = featureMatrixBySection()
  return (
    <div className={dataTableClasses.scroll} tabIndex={0} role="region" aria-label="Plan comparison">
      <table className={`${dataTableClasses.table} ${planStyles.table} ${planStyles.matrix}`}>
        <caption className="visually-hidden">Features of each plan</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {PLAN_TIERS.map((tier) => (
              <th key={tier.id} scope="col">
                {tier.name}
                {tier.planId === currentPlanId && <span className="muted"> (current)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="colgroup" colSpan={PLAN_IDS.length + 1} className={planStyles.groupHeading}>
              Plan
            </th>
          </tr>
          <tr>
            <th scope="row">Price</th>
            {PLAN_IDS.map((planId) => {
              const tier = findPlanTier(planId)
              return (
                <td key={planId}>
                  {tier.priceLabel}
                  {tier.costUnit && ` ${tier.costUnit}`}
                </td>
              )
            })}
          </tr>
          <tr>
            <th scope="row">Organization roles</th>
            {PLAN_IDS.map((planId) => (
              <td key={planId}>{planRolesText(planId)}</td>
            ))}
          </tr>
        </tbody>
        {sections.map(({ section, rows }) => (
          <tbody key={section}>
            <tr>
              <th scope="colgroup" colSpan={PLAN_IDS.length + 1} className={planStyles.groupHeading}>
                {section}
              </th>
            </tr>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.title}</th>
                {PLAN_IDS.map((planId) => (
                  <td key={planId}>
                    <Value value={row.values[planId]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  )
}
