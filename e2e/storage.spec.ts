import { expect, test } from '@playwright/test'
import { signInWithNewProject } from './project-helpers'
import { storageJourney } from './storage-steps'

// Dashboard → Storage on the hosted platform: bucket, drag-and-drop upload with progress, previews, delete; a policy from a template.

test('create a bucket, upload by drag and drop, preview, delete; add a storage policy from a template', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { ref } = await signInWithNewProject(page, request, { organization: 'Storage', project: 'Storage e2e' })
  await storageJourney(page, ref, { screenshots: 'storage' })

  await page.goto(`/dashboard/project/${ref}/storage/policies`)
  await expect(page.getByRole('heading', { level: 1, name: 'Storage policies' })).toBeVisible()
  const card = page.getByRole('listitem', { name: /^Bucket e2e-/ }).first()
  await card.getByRole('button', { name: /New policy for/ }).click()
  await page.getByRole('dialog', { name: /New policy for/ }).getByRole('button', { name: /Public read access/ }).click()
  const confirm = page.getByRole('dialog', { name: /Public read access on/ })
  await expect(confirm.getByLabel('SQL to run')).toContainText('FOR SELECT')
  await confirm.getByRole('button', { name: 'Create policy' }).click()
  await expect(confirm).toBeHidden()
  await expect(card.getByText(/^Public read access \(e2e-/)).toBeVisible()
})
