/**
 * The dashboard in a real browser against a real service: sign-in and sign-out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seriousViolations, startDashboard, type Dashboard } from './helpers.js';

describe('dashboard core', () => {
  let d: Dashboard;
  before(async () => {
    d = await startDashboard();
  });
  after(async () => {
    await d?.stop();
  });

  test('sign in, navigate, sign out', async () => {
    await d.goto('/');
    assert.equal(seriousViolations(await d.axe()), '');
    await d.screenshot('signin-en');
    await d.signIn();
    await d.page.getByRole('link', { name: 'Renders' }).first().click();
    await d.page.locator('h1', { hasText: 'Renders' }).waitFor();
    await d.page.getByRole('button', { name: 'Sign out' }).click();
    await d.page.locator('#api-key').waitFor();
    assert.deepEqual(d.problems(), []);
  });
});
