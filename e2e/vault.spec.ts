import { expect, test } from '@playwright/test'
import { axeViolations, signInWithNewProject } from './project-helpers'

// Vault secrets on the hosted platform: add, reveal, copy, edit and delete; values never listed.

test('add a secret, reveal and copy it, edit its value, delete it', async ({ page, request, context }) => {
  test.setTimeout(120_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Vault', project: 'Vault e2e' })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])

  await page.goto(`/dashboard/project/${ref}/settings/vault`)
  await page.waitForURL(new RegExp(`/dashboard/project/${ref}/settings/vault/secrets$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Vault secrets' })).toBeVisible()
  await expect(page.getByText('No secrets yet')).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])

  // The name is checked before anything is sent.
  await page.getByRole('button', { name: 'Add secret' }).click()
  const add = page.getByRole('dialog', { name: 'Add secret' })
  await add.getByLabel('Name').fill('stripe key')
  await add.getByRole('button', { name: 'Add secret' }).click()
  await expect(add.getByText(/only letters, digits and underscores/)).toBeVisible()
  await expect(add.getByText('Enter a value')).toBeVisible()
  await add.getByLabel('Name').fill('STRIPE_KEY')
  await add.getByLabel('Description (optional)').fill('Payments in test mode')
  await add.getByLabel('Value').fill('sk_test_e2e_4242')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await add.getByRole('button', { name: 'Add secret' }).click()
  await expect(add).toBeHidden()

  const table = page.getByRole('table', { name: 'Secrets' })
  await expect(table.getByRole('rowheader', { name: /STRIPE_KEY/ })).toContainText('Payments in test mode')
  await expect(page.getByText('sk_test_e2e_4242')).toHaveCount(0)
  const listed = await request.get(`/dashboard/api/platform/projects/${ref}/vault/secrets`, { headers: { Authorization: `Bearer ${token}` } })
  expect(await listed.text()).not.toContain('sk_test_e2e_4242')

  // Reveal, copy, hide.
  await table.getByRole('button', { name: 'Reveal STRIPE_KEY' }).click()
  await expect(table.getByLabel('Value of STRIPE_KEY')).toHaveText('sk_test_e2e_4242')
  await table.getByRole('button', { name: 'Copy STRIPE_KEY' }).click()
  await expect(table.getByRole('button', { name: 'Copy STRIPE_KEY' })).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('sk_test_e2e_4242')
  await page.screenshot({ path: 'e2e/screenshots/vault-secrets.png', fullPage: true })
  await table.getByRole('button', { name: 'Hide STRIPE_KEY' }).click()
  await expect(page.getByText('sk_test_e2e_4242')).toHaveCount(0)

  // Edit: a new value replaces the old one.
  await table.getByRole('button', { name: 'Edit STRIPE_KEY' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit secret STRIPE_KEY' })
  await expect(edit.getByLabel('Name')).toHaveValue('STRIPE_KEY')
  await edit.getByLabel('New value').fill('sk_test_rotated_99')
  await edit.getByRole('button', { name: 'Save secret' }).click()
  await expect(edit).toBeHidden()
  await table.getByRole('button', { name: 'Reveal STRIPE_KEY' }).click()
  await expect(table.getByLabel('Value of STRIPE_KEY')).toHaveText('sk_test_rotated_99')

  // Search.
  await page.getByRole('searchbox', { name: 'Search secrets' }).fill('nothing-like-it')
  await expect(page.getByText('No secret matches "nothing-like-it"')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()

  // Delete, confirmed.
  await table.getByRole('button', { name: 'Delete STRIPE_KEY' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete secret STRIPE_KEY?' })
  await confirm.getByRole('button', { name: 'Delete secret' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('No secrets yet')).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])
})
